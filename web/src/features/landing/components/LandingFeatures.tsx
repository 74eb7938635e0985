import { ComingSoon } from '../../../ui/coming-soon/ComingSoon';
import { claimHolds } from '../../claims/claims';

interface Feature {
  readonly title: string;
  readonly text: string;
  readonly soon?: boolean;
}

const features = (): Feature[] => [
  {
    title: 'From prompt to beat in seconds',
    text: 'Name an artist, a genre or a mood. The generator picks matching loops, arranges them and mixes a playable beat.',
  },
  {
    title: 'Real producers\' sounds',
    text: claimHolds('producerEarnings')
      ? 'Every drum and melody loop was contributed by a producer, who is credited on your beat and paid when you license it.'
      : 'Every drum and melody loop was contributed by a producer, who is credited on your beat with their share.',
  },
  {
    title: 'Key, mode, BPM and structure',
    text: 'Each beat shows its key, mode and tempo, and a structure line of intro, verses, choruses, bridge and outro.',
  },
  {
    title: 'Full beats',
    text: 'Turn a first idea into a whole song built from the same loops, arranged for the genre you asked for.',
  },
  {
    title: 'Section editing',
    text: 'Change drums, remove drums or set global drums, section by section, without losing the sound you liked.',
  },
  claimHolds('licencePurchase')
    ? {
        title: 'Licences built in',
        text: 'Download for personal listening for free; buy a standard lease, an advance lease with stems or exclusive rights.',
      }
    : {
        title: 'Licences',
        text: 'Download for personal listening for free today. Standard and advance leases and exclusive rights are coming soon.',
        soon: true,
      },
];

/** What the product does, in six cards. */
export function LandingFeatures() {
  return (
    <section className="landing-section" aria-labelledby="features-title">
      <div className="landing-section__head">
        <p className="landing-section__eyebrow">Features</p>
        <h2 id="features-title" className="landing-section__title">
          Everything between an idea and a release
        </h2>
      </div>
      <ul className="landing-features">
        {features().map((feature, index) => (
          <li key={feature.title} className="landing-feature">
            <span className="landing-feature__index" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="landing-feature__title">
              {feature.title}
              {feature.soon && <ComingSoon />}
            </h3>
            <p className="landing-feature__text">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
