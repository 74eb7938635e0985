import { useId, useRef, useState, type ReactNode } from 'react';
import { Banner } from '../../../ui/banner/Banner';
import { structureNames } from '../../beats/song-sections';
import { downloadBeat } from '../download-beat';
import { formatTime } from '../format-time';
import { useWaveformPlayer } from '../hooks/use-waveform-player';
import { DownloadIcon, LicenseIcon, PauseIcon, PlayIcon, RestartIcon } from './PlayerIcons';
import './BeatPlayer.css';
import { VolumeControl } from './VolumeControl';

/** What the card shows of a beat (requirements §L3 "Beat (player)"). */
export interface PlayerBeat {
  readonly title: string;
  readonly audioUrl: string;
  readonly downloadUrl?: string | null;
  readonly peaks: readonly number[];
  readonly durationSeconds: number;
  readonly key: string;
  readonly mode: string;
  readonly bpm: number;
  readonly structure: string;
}

interface BeatPlayerProps {
  readonly beat: PlayerBeat;
  /** Opens the licence picker; without it the card has no Get License (a beat that is not the user's). */
  readonly onGetLicense?: () => void;
  /** A message about licensing the beat, shown on the card (requirements §L2: the incomplete-profile message). */
  readonly notice?: ReactNode;
}

/**
 * The beat player card (requirements §L2): title, mm:ss clock, waveform, restart, play/pause, volume with
 * a percent label, key/mode/BPM tiles, the song structure, Download and Get License.
 */
export function BeatPlayer({ beat, onGetLicense, notice }: BeatPlayerProps) {
  const waveformRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { state, togglePlay, restart, setVolume, clearError } = useWaveformPlayer(waveformRef, {
    url: beat.audioUrl,
    peaks: beat.peaks,
    durationSeconds: beat.durationSeconds,
  });
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<{ message: string; count: number } | null>(null);

  const onDownload = async () => {
    if (downloading) return;
    setDownloading(true);
    const message = await downloadBeat(beat.downloadUrl, beat.title);
    setDownloading(false);
    if (message) setDownloadError((previous) => ({ message, count: (previous?.count ?? 0) + 1 }));
  };

  const sections = structureNames(beat.structure);

  return (
    <article className="beat-player" aria-labelledby={titleId} data-ready={state.ready}>
      <div className="beat-player__header">
        <h2 className="beat-player__title" id={titleId}>
          {beat.title}
        </h2>
        <p className="beat-player__time" aria-label="Elapsed and total time">
          <span data-testid="elapsed">{formatTime(state.elapsed)}</span>
          <span aria-hidden="true"> / </span>
          <span data-testid="duration">{formatTime(state.duration)}</span>
        </p>
      </div>

      <div className="beat-player__waveform" ref={waveformRef} data-testid="waveform" />

      <div className="beat-player__controls">
        <button
          type="button"
          className="beat-player__button"
          aria-label="Restart"
          aria-disabled={!state.ready}
          onClick={restart}
        >
          <RestartIcon />
        </button>
        <button
          type="button"
          className="beat-player__button beat-player__button--play"
          aria-label={state.playing ? 'Pause' : 'Play'}
          aria-disabled={!state.ready}
          onClick={togglePlay}
        >
          {state.playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <VolumeControl volume={state.volume} onChange={setVolume} />
        {beat.downloadUrl && (
          <button type="button" className="button button--secondary beat-player__download" onClick={() => void onDownload()} disabled={downloading}>
            <DownloadIcon />
            {downloading ? 'Downloading...' : 'Download'}
          </button>
        )}
        {onGetLicense && (
          <button type="button" className="button button--primary beat-player__license" onClick={onGetLicense}>
            <LicenseIcon />
            Get License
          </button>
        )}
      </div>

      <dl className="beat-player__tiles">
        <div className="beat-player__tile">
          <dt>Key</dt>
          <dd>{beat.key}</dd>
        </div>
        <div className="beat-player__tile">
          <dt>Mode</dt>
          <dd>{beat.mode}</dd>
        </div>
        <div className="beat-player__tile">
          <dt>BPM</dt>
          <dd>{Math.round(beat.bpm)}</dd>
        </div>
      </dl>

      <p className="beat-player__structure">
        <span className="beat-player__structure-label">Structure:</span>{' '}
        {sections.map((name, index) => (
          <span key={index} className={`beat-player__section beat-player__section--${beat.structure[index]}`}>
            {name}
          </span>
        ))}
      </p>

      {notice}
      {state.error && (
        <Banner key={state.error} tone="error" onDismiss={clearError} autoHide={state.ready}>
          {state.error}
        </Banner>
      )}
      {downloadError && (
        <Banner key={`download-${downloadError.count}`} tone="error" onDismiss={() => setDownloadError(null)} autoHide>
          {downloadError.message}
        </Banner>
      )}
    </article>
  );
}
