import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { paths } from '../../../app/router/paths';
import { LogoMark } from '../../../ui/logo/LogoMark';
import { usePlatformStats } from '../hooks/use-platform-stats';
import { useStartCreating } from '../hooks/use-start-creating';
import './LandingHero.css';

const WAVE = [18, 32, 24, 46, 30, 58, 40, 72, 52, 36, 64, 44, 80, 56, 38, 62, 48, 70, 42, 28, 54, 34, 60, 26, 44, 20, 36, 16];

/** A still of what a generated beat looks like; decoration, so hidden from assistive technology. */
function BeatPreview() {
  return (
    <div className="beat-preview" aria-hidden="true">
      <div className="beat-preview__prompt">
        <span className="beat-preview__caret">›</span> trap type beat with country drums
      </div>
      <div className="beat-preview__wave">
        {WAVE.map((height, index) => (
          <span key={index} className={index < 11 ? 'is-played' : undefined} style={{ height: `${height}%` }} />
        ))}
      </div>
      <div className="beat-preview__tiles">
        <span>
          <small>Key</small>F#
        </span>
        <span>
          <small>Mode</small>Minor
        </span>
        <span>
          <small>BPM</small>142
        </span>
      </div>
      <div className="beat-preview__structure">
        {['I', 'V', 'C', 'V', 'C', 'B', 'C', 'O'].map((section, index) => (
          <span key={index}>{section}</span>
        ))}
      </div>
    </div>
  );
}

/**
 * The platform in numbers, live from the database. A figure shows only once it is known and above
 * zero; the strip is left out when none is (nothing is made up meanwhile).
 */
function PlatformFigures() {
  const stats = usePlatformStats();
  const figures = [
    { value: stats?.producers ?? 0, one: 'producer contributing sounds', many: 'producers contributing sounds' },
    { value: stats?.beatsThisMonth ?? 0, one: 'beat made this month', many: 'beats made this month' },
  ].filter((figure) => figure.value > 0);
  if (figures.length === 0) return null;
  return (
    <ul className="landing-stats" aria-label="The platform in numbers">
      {figures.map((figure) => (
        <li key={figure.many}>
          <strong>{figure.value.toLocaleString('en-US')}</strong> {figure.value === 1 ? figure.one : figure.many}
        </li>
      ))}
    </ul>
  );
}

export function LandingHero() {
  const { productName } = useRuntimeConfig();
  const start = useStartCreating();
  return (
    <>
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero__copy">
          <LogoMark productName={productName} />
          <p className="landing-hero__eyebrow">AI beat generation, built from real producers' loops</p>
          <h1 id="landing-title" className="landing-hero__title">
            Type a prompt. <span className="landing-hero__accent">Get a beat.</span>
          </h1>
          <p className="landing-hero__subline">
            Describe the sound you hear in your head: an artist, a genre, a mood. {productName} arranges a playable beat
            from loops producers contributed, with its key, BPM and song structure, in seconds.
          </p>
          <div className="landing-hero__actions">
            <button type="button" className="button button--primary button--large" onClick={start}>
              Start Creating Now - FREE
            </button>
            <button type="button" className="button button--secondary button--large" onClick={start}>
              Try Free Demo
            </button>
          </div>
          <p className="landing-hero__fineprint">
            No credit card required · Cancel anytime ·{' '}
            <Link to={paths.subscriptionFeatures}>View Plans &amp; Pricing</Link>
          </p>
        </div>
        <BeatPreview />
      </section>

      <PlatformFigures />
    </>
  );
}
