import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { ComingSoon } from '../../../ui/coming-soon/ComingSoon';
import { claimHolds } from '../../claims/claims';
import { InfoPage, InfoSection } from './InfoPage';
import './RightsUsageGuide.css';

interface LicenceColumn {
  readonly name: string;
  readonly summary: string;
  readonly files: string;
  readonly streams: string;
  readonly terms: readonly string[];
  readonly highlight?: boolean;
}

/** The four licence kinds (spec 2 §2, spec 1 §9), as a listener compares them. */
const LICENCES: readonly LicenceColumn[] = [
  {
    name: 'Free Download',
    summary: 'Personal listening only.',
    files: 'MP3',
    streams: 'No public release',
    terms: [
      'Included with every plan',
      'Listen, practise and write to it at home',
      'No uploading, streaming, selling or performing it in public',
    ],
  },
  {
    name: 'Standard Lease',
    summary: 'Release a song on the streaming platforms.',
    files: 'MP3 and WAV',
    streams: 'Up to 10,000 streams',
    terms: [
      'Non-exclusive: the beat stays available to others',
      'Distribution copies, term and video rights as the producer sets them',
      'Credit the producers on the release',
    ],
  },
  {
    name: 'Advance Lease',
    summary: 'Everything in Standard, plus the stems.',
    files: 'MP3, WAV and stems',
    streams: 'Up to 50,000 streams',
    terms: [
      'Separate tracks for your engineer to mix around your vocal',
      'Non-exclusive, with longer terms and more copies',
      'Credit the producers on the release',
    ],
    highlight: true,
  },
  {
    name: 'Exclusive Ownership',
    summary: 'The beat is yours alone.',
    files: 'MP3, WAV and stems',
    streams: 'Unlimited streams',
    terms: [
      'Taken off sale once bought: nobody else can license it again',
      'Exclusive Rights (Indie) for independent artists, Exclusive Rights (Label) for labels and publishers',
      'Producers keep their writer\'s share and credit',
    ],
  },
];

/** /rights-usage: Rights and Usage of Music, with the four licence columns. */
export function RightsUsageGuide() {
  return (
    <InfoPage
      wide
      eyebrow="Licensing"
      title="Rights and Usage of Music"
      lead={
        <p>
          Every beat you generate is built from loops that producers own. What you may do with it depends on its licence:
          listen for free, lease it for a release, or own it outright.
        </p>
      }
    >
      <section aria-labelledby="licences-title">
        <h2 id="licences-title" className="visually-hidden">
          Licence types
        </h2>
        <ul className="licence-columns">
          {LICENCES.map((licence) => (
            <li key={licence.name} className={`licence-column${licence.highlight ? ' licence-column--highlight' : ''}`}>
              <h3 className="licence-column__name">{licence.name}</h3>
              <p className="licence-column__summary">{licence.summary}</p>
              <dl className="licence-column__facts">
                <div>
                  <dt>Files</dt>
                  <dd>{licence.files}</dd>
                </div>
                <div>
                  <dt>Streams</dt>
                  <dd>{licence.streams}</dd>
                </div>
              </dl>
              <ul className="licence-column__terms">
                {licence.terms.map((term) => (
                  <li key={term}>{term}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <div className="rights-sections">
        <InfoSection id="buying" title="Buying a licence">
          {claimHolds('licencePurchase') ? (
            <p>
              Press <strong>Get License</strong> on a beat&apos;s player to open Purchase Rights. Each option shows its title,
              its terms and its price in US dollars. Producers set their own prices and contract terms, so the exact number of
              copies, the term in years and the video and broadcast rights are written into the licence document you receive.
            </p>
          ) : (
            <p>
              <ComingSoon /> Buying a licence is not open yet: today every beat can be downloaded for personal listening only.
              When licences open, each option will show its title, its terms and its price in US dollars, and the terms set by
              the beat&apos;s producers will be written into the licence document you receive.
            </p>
          )}
        </InfoSection>
        <InfoSection id="ownership" title="Who owns what">
          <ul>
            <li>
              <strong>Producers</strong> keep 100% ownership of the loops they contributed. A lease gives you the right to use
              the beat; it does not transfer the copyright.
            </li>
            <li>
              <strong>You</strong> own your lyrics, your vocal recording and your performance.
            </li>
            <li>
              <strong>With exclusive ownership</strong> the beat is withdrawn from sale, and your licence is the only one
              that can ever be granted for it.
            </li>
          </ul>
        </InfoSection>
        <InfoSection id="auditing" title="Tracked for auditing">
          <p>
            Every generated beat records which samples it uses, in which sections and with which changes. That record is
            how producers are credited on every beat,{' '}
            {claimHolds('producerEarnings')
              ? 'how they are paid (90% of licensing fees after processing fees, in proportion to what they contributed)'
              : 'how they will be paid once producer payouts open (90% of licensing fees after processing fees, in proportion to what they contributed)'}{' '}
            and how publishing and master rights can be audited later.
          </p>
        </InfoSection>
        <InfoSection id="more" title="Learn more">
          <div className="info-actions">
            <Link className="button button--secondary" to={paths.licenses}>
              Licenses & Training
            </Link>
            <Link className="button button--ghost" to={paths.termsConditions}>
              Terms & Privacy
            </Link>
          </div>
        </InfoSection>
      </div>
    </InfoPage>
  );
}
