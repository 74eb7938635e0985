import { useState } from 'react';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { Modal } from '../../../ui/modal/Modal';
import { claimHolds } from '../../claims/claims';
import { InfoPage, InfoSection } from './InfoPage';
import './AboutTeam.css';

interface Leader {
  readonly id: string;
  readonly name: string;
  readonly role: string;
  readonly initials: string;
  readonly summary: string;
  readonly details: readonly string[];
}

/** Example profiles, written to show the page's shape; the real leaders replace them (docs/decisions.md). */
const LEADERS: readonly Leader[] = [
  {
    id: 'ceo',
    name: 'Jordan Ellis',
    role: 'Co-founder & CEO',
    initials: 'JE',
    summary: 'Producer and engineer who spent a decade making records before building tools for the people who make them.',
    details: [
      'Jordan started producing in high school and went on to engineer and co-produce records for independent and major-label artists in Los Angeles.',
      'After years of watching producers sell beats one lease at a time, Jordan co-founded the company in 2023 to give them a share of every beat their sounds help create.',
      'Jordan leads the company, its partnerships with labels and publishers, and the Creator Program.',
    ],
  },
  {
    id: 'cto',
    name: 'Priya Raman',
    role: 'Co-founder & CTO',
    initials: 'PR',
    summary: 'Audio software engineer with a background in signal processing and large-scale systems.',
    details: [
      'Priya built real-time audio and recommendation systems for music streaming before co-founding the company.',
      'She designed the engine that turns a prompt into an arranged, mixed beat, and the provenance record that lets every producer be credited to the bar.',
      'Priya leads engineering and research, from the generator to the licensing and payout systems.',
    ],
  },
];

/** /about: About our team (requirements §P1): Los Angeles, founded 2023, two leaders, mission and vision. */
export function AboutTeam() {
  const { productName } = useRuntimeConfig();
  const [openLeader, setOpenLeader] = useState<string | null>(null);
  const leader = LEADERS.find((l) => l.id === openLeader) ?? null;

  return (
    <InfoPage
      wide
      eyebrow="About us"
      title="About our team"
      lead={
        <p>
          {productName} is a music technology company based in Los Angeles, founded in 2023 by a producer and an engineer who
          wanted AI to work for the people who make music, not around them.
        </p>
      }
    >
      <ul className="about-facts" aria-label="Company facts">
        <li>
          <span className="about-facts__value">Los Angeles</span>
          <span className="about-facts__label">Headquarters</span>
        </li>
        <li>
          <span className="about-facts__value">2023</span>
          <span className="about-facts__label">Founded</span>
        </li>
        <li>
          <span className="about-facts__value">90%</span>
          <span className="about-facts__label">
            {claimHolds('producerEarnings') ? 'Of licensing fees to creators' : 'Of licensing fees to creators, once producer payouts open'}
          </span>
        </li>
      </ul>

      <div className="about-columns">
        <InfoSection id="mission" title="Our mission">
          <p>
            Give every artist a studio-quality beat in seconds, and pay the producers whose sounds made it. Every beat is
            built from loops contributed by real producers and every use is recorded;{' '}
            {claimHolds('producerEarnings')
              ? '90% of licensing fees (after processing fees) goes back to the people who made the music,'
              : 'once producer payouts open, 90% of licensing fees (after processing fees) will go back to the people who made the music,'}{' '}
            who keep 100% ownership of their work.
          </p>
        </InfoSection>
        <InfoSection id="vision" title="Our vision">
          <p>
            A music industry where AI is an instrument, not a replacement: where a songwriter in any bedroom can hear their
            idea instantly, where producers earn from their catalogue while they sleep, and where every sound used can be
            traced back to the person who created it.
          </p>
        </InfoSection>
      </div>

      <InfoSection id="leadership" title="Leadership">
        <p className="leaders__example-note" role="note">
          Example profiles: these are not real people. Our leaders&apos; own profiles will replace them.
        </p>
        <ul className="leaders">
          {LEADERS.map((l) => (
            <li key={l.id} className="leader-card">
              <span className="leader-card__avatar" aria-hidden="true">
                {l.initials}
              </span>
              <p className="example-tag">Example</p>
              <h3 className="leader-card__name">{l.name}</h3>
              <p className="leader-card__role">{l.role}</p>
              <p className="leader-card__summary">{l.summary}</p>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`More Details about ${l.name}`}
                onClick={() => setOpenLeader(l.id)}
              >
                More Details
              </button>
            </li>
          ))}
        </ul>
      </InfoSection>

      <Modal open={leader !== null} title={leader?.name ?? ''} onClose={() => setOpenLeader(null)}>
        {leader && (
          <div className="leader-details">
            <p className="leader-details__role">{leader.role}</p>
            <p className="leaders__example-note">Example profile: not a real person.</p>
            {leader.details.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <div className="leader-details__actions">
              <button type="button" className="button button--primary" onClick={() => setOpenLeader(null)}>
                Close
              </button>
            </div>
          </div>
        )}
      </Modal>
    </InfoPage>
  );
}
