import { useSampleBeats, SAMPLE_BEAT_COUNT, type SampleBeat } from '../hooks/use-sample-beats';
import { useSinglePlayback } from '../hooks/use-single-playback';
import { useStartCreating } from '../hooks/use-start-creating';

const BARS = 40;

/** Peaks squeezed to a fixed number of bars (the largest peak of each stretch). */
export function barsOf(peaks: readonly number[], count = BARS): number[] {
  if (!peaks.length) return Array.from({ length: count }, () => 0.3);
  return Array.from({ length: count }, (_, i) => {
    const start = Math.floor((i * peaks.length) / count);
    const end = Math.max(start + 1, Math.floor(((i + 1) * peaks.length) / count));
    return Math.max(0.08, ...peaks.slice(start, end));
  });
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

function PlayIcon({ playing }: { readonly playing: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      {playing ? (
        <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
      ) : (
        <path fill="currentColor" d="M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
      )}
    </svg>
  );
}

interface CardProps {
  readonly beat: SampleBeat;
  readonly playing: boolean;
  readonly progress: number;
  readonly error: string | null;
  readonly onToggle: () => void;
}

function SampleBeatCard({ beat, playing, progress, error, onToggle }: CardProps) {
  const bars = barsOf(beat.peaks);
  const played = Math.round(progress * bars.length);
  return (
    <li className={`sample-beat${playing ? ' is-playing' : ''}`}>
      <div className="sample-beat__top">
        <span className="sample-beat__genre">{beat.genre}</span>
        <span className="sample-beat__duration">{minutes(beat.durationSeconds)}</span>
      </div>
      <h3 className="sample-beat__title">{beat.title}</h3>
      <div className="sample-beat__wave" aria-hidden="true">
        {bars.map((height, index) => (
          <span key={index} className={index < played ? 'is-played' : undefined} style={{ height: `${Math.round(height * 100)}%` }} />
        ))}
      </div>
      <div className="sample-beat__bottom">
        <p className="sample-beat__facts">
          {beat.key} {beat.mode} · {Math.round(beat.bpm)} BPM
        </p>
        <button type="button" className="sample-beat__play" aria-label={`${playing ? 'Pause' : 'Play'} ${beat.title}`} onClick={onToggle}>
          <PlayIcon playing={playing} />
        </button>
      </div>
      {error && (
        <p className="sample-beat__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** The landing page's four sample beats (requirements §L2); one plays at a time. */
export function SampleBeatGrid() {
  const { beats, loading, error } = useSampleBeats();
  const { state, toggle } = useSinglePlayback();
  const start = useStartCreating();

  return (
    <section className="landing-section" aria-labelledby="samples-title">
      <div className="landing-section__head">
        <p className="landing-section__eyebrow">Hear it first</p>
        <h2 id="samples-title" className="landing-section__title">
          Beats made from four prompts
        </h2>
        <p className="landing-section__text">Each of these came out of the generator from a one-line prompt. Press play.</p>
      </div>
      {beats.length > 0 ? (
        <ul className="sample-beats">
          {beats.map((beat) => (
            <SampleBeatCard
              key={beat.id}
              beat={beat}
              playing={state.currentId === beat.id && state.playing}
              progress={state.currentId === beat.id ? state.progress : 0}
              error={state.error?.id === beat.id ? state.error.message : null}
              onToggle={() => toggle(beat.id, beat.audioUrl)}
            />
          ))}
        </ul>
      ) : (
        <ul className="sample-beats" aria-busy={loading}>
          {Array.from({ length: SAMPLE_BEAT_COUNT }, (_, i) => (
            <li key={i} className="sample-beat sample-beat--placeholder" aria-hidden="true">
              <span className="sample-beat__skeleton" />
            </li>
          ))}
        </ul>
      )}
      {!loading && beats.length === 0 && (
        <p className="landing-section__note" role="status">
          {error
            ? 'The sample beats could not be loaded right now.'
            : 'The sample beats are being rendered from the sound library. They will appear here in a minute.'}
        </p>
      )}
      <div className="landing-section__actions">
        <button type="button" className="button button--primary" onClick={start}>
          Generate Your Own Beats
        </button>
      </div>
    </section>
  );
}
