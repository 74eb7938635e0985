import { useId, useRef } from 'react';
import { structureNames } from '../../beats/song-sections';
import { formatTime } from '../../player/format-time';
import { useWaveformPlayer } from '../../player/hooks/use-waveform-player';
import { PauseIcon, PlayIcon } from '../../player/components/PlayerIcons';
import { Banner } from '../../../ui/banner/Banner';
import '../../player/components/BeatPlayer.css';
import './Storefront.css';
import { VolumeControl } from '../../player/components/VolumeControl';

/** Requirements §L9: the storefront player's waveform is 80 px high. */
export const STOREFRONT_WAVEFORM_HEIGHT = 80;

/** What the storefront player takes (requirements §L2: beat id, audio address, key, mode, bpm, title and structure labels). */
export interface StorefrontBeat {
  readonly beatId: string;
  readonly audioUrl: string;
  readonly title: string;
  readonly key: string;
  readonly mode: string;
  readonly bpm: number;
  readonly structure: string;
  readonly peaks: readonly number[];
  readonly durationSeconds: number;
}

interface StorefrontPlayerProps {
  readonly beat: StorefrontBeat;
  /** Each start of playback (the public page counts plays). */
  readonly onPlay?: () => void;
}

/**
 * The storefront variant of the player (requirements §L2): waveform, play/pause, volume, current time and
 * duration, title, key, mode, BPM and the structure's labels. No restart, no download.
 */
export function StorefrontPlayer({ beat, onPlay }: StorefrontPlayerProps) {
  const waveformRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { state, togglePlay, setVolume, clearError } = useWaveformPlayer(waveformRef, {
    url: beat.audioUrl,
    peaks: beat.peaks,
    durationSeconds: beat.durationSeconds,
    height: STOREFRONT_WAVEFORM_HEIGHT,
    onPlay,
  });
  const sections = structureNames(beat.structure);

  return (
    <article className="storefront-player" aria-labelledby={titleId} data-ready={state.ready} data-beat-id={beat.beatId}>
      <h2 className="storefront-player__title" id={titleId}>
        {beat.title}
      </h2>
      <div className="storefront-player__row">
        <button
          type="button"
          className="beat-player__button beat-player__button--play"
          aria-label={state.playing ? 'Pause' : 'Play'}
          aria-disabled={!state.ready}
          onClick={togglePlay}
        >
          {state.playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <div className="storefront-player__waveform" ref={waveformRef} data-testid="waveform" />
        <p className="storefront-player__time" aria-label="Current time and duration">
          <span data-testid="elapsed">{formatTime(state.elapsed)}</span>
          <span aria-hidden="true"> / </span>
          <span data-testid="duration">{formatTime(state.duration)}</span>
        </p>
      </div>
      <div className="storefront-player__details">
        <VolumeControl volume={state.volume} onChange={setVolume} />
        <dl className="storefront-player__tags">
          <div>
            <dt>Key</dt>
            <dd>{beat.key}</dd>
          </div>
          <div>
            <dt>Mode</dt>
            <dd>{beat.mode}</dd>
          </div>
          <div>
            <dt>BPM</dt>
            <dd>{Math.round(beat.bpm)}</dd>
          </div>
        </dl>
      </div>
      <p className="beat-player__structure">
        <span className="beat-player__structure-label">Structure:</span>{' '}
        {sections.map((name, index) => (
          <span key={index} className={`beat-player__section beat-player__section--${beat.structure[index]}`}>
            {name}
          </span>
        ))}
      </p>
      {state.error && (
        <Banner key={state.error} tone="error" onDismiss={clearError} autoHide={state.ready}>
          {state.error}
        </Banner>
      )}
    </article>
  );
}
