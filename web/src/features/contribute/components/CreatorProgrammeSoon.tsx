import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { ComingSoon } from '../../../ui/coming-soon/ComingSoon';
import { InfoPage } from '../../info-pages/components/InfoPage';
import './CreatorProgrammeSoon.css';

const BANNERS = [
  { id: 'producer', title: 'Producer', text: 'Sign up with a payout account, set your prices and contract terms, and earn from beats that use your loops.' },
  { id: 'songwriter', title: 'Songwriter (coming soon)', text: 'Contribute lyrics and toplines to the lyric generator.' },
  { id: 'vocal-artist', title: 'Vocal Artist (coming soon)', text: 'Contribute your voice to the singing generator, on your terms.' },
] as const;

/**
 * /choice until the producer issue lands: the creator programme's three banners (requirements §P2), all
 * marked as coming soon. The producer issue replaces this component with the real choice page.
 */
export function CreatorProgrammeSoon() {
  return (
    <InfoPage
      wide
      eyebrow="Creator Program"
      title="Creator programme opens soon"
      lead={
        <p>
          Producer sign-up, pricing and payouts are not open yet. Until they are, you can already upload your sounds: every
          beat that uses them credits you by name.
        </p>
      }
    >
      <ul className="creator-banners">
        {BANNERS.map((banner) => (
          <li key={banner.id} className="creator-banner" aria-labelledby={`creator-${banner.id}`}>
            <h2 id={`creator-${banner.id}`} className="creator-banner__title">
              {banner.title}
            </h2>
            <p className="creator-banner__text">{banner.text}</p>
            <ComingSoon />
          </li>
        ))}
      </ul>
      <div className="info-actions">
        <Link className="button button--primary" to={paths.uploadDrums}>
          Upload Drums
        </Link>
        <Link className="button button--secondary" to={paths.uploadSamples}>
          Upload Melodies
        </Link>
        <Link className="button button--ghost" to={paths.dataSet}>
          See which genres need sounds
        </Link>
      </div>
    </InfoPage>
  );
}
