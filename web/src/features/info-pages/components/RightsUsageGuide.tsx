import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { ComingSoon } from '../../../ui/coming-soon/ComingSoon';
import { Banner } from '../../../ui/banner/Banner';
import type { LicenceTierTermsQuery } from '../../../generated/graphql';
import { claimHolds } from '../../claims/claims';
import { formatUsd } from '../../licences/lease-tiers';
import { useLicenceTierTerms } from '../hooks/use-licence-tier-terms';
import { InfoPage, InfoSection } from './InfoPage';
import './RightsUsageGuide.css';

type TierTerms = LicenceTierTermsQuery['licenceTierTerms'][number];

interface LicenceColumn {
  readonly name: string;
  readonly summary: string;
  /** The tier whose terms the column quotes (from the api), or null for the free download. */
  readonly tier: 'standard' | 'advanced' | 'exclusive' | null;
  readonly terms: readonly string[];
  readonly highlight?: boolean;
}

/**
 * The four licence kinds (requirements §P2, requirements §L9), as a listener compares them. The files, streams,
 * term, copies and price of each tier are not written here: they come from the api
 * (`licenceTierTerms`), computed by the code that fills Purchase Rights and prints the licence.
 */
const LICENCES: readonly LicenceColumn[] = [
  {
    name: 'Free Download',
    summary: 'Personal listening only.',
    tier: null,
    terms: [
      'Included with every plan',
      'Listen, practise and write to it at home',
      'No uploading, streaming, selling or performing it in public',
    ],
  },
  {
    name: 'Standard Lease',
    summary: 'Release a song on the streaming platforms.',
    tier: 'standard',
    terms: [
      'Your beat is yours alone: it was generated for you and is never given to anyone else',
      'A lease grants use within its limits (streams, copies, term); the producers keep the copyright',
      'Credit the producers on the release',
    ],
  },
  {
    name: 'Advance Lease',
    summary: 'Everything in Standard, plus the stems.',
    tier: 'advanced',
    terms: [
      'Separate tracks for your engineer to mix around your vocal',
      'A longer term, more copies and more streams than Standard',
      'Credit the producers on the release',
    ],
    highlight: true,
  },
  {
    name: 'Exclusive Ownership',
    summary: 'Unlimited use of your beat, for good.',
    tier: 'exclusive',
    terms: [
      'Sold once: no other licence of the beat is ever sold, and your earlier leases of it are superseded',
      'Offered when every producer of the beat sells exclusive rights',
      'Exclusive Rights (Indie) for independent artists, Exclusive Rights (Label) for labels and publishers',
      'Producers keep ownership of their loops and their credit',
    ],
  },
];

const termOf = (tier: TierTerms, label: string) => tier.terms.find((t) => t.label === label)?.value ?? null;

/** The facts of a column quoted from the api: files, streams, and for leases the term and copies. */
function QuotedFacts({ column, tiers }: { readonly column: LicenceColumn; readonly tiers: readonly TierTerms[] | null }) {
  if (column.tier === null) {
    return (
      <dl className="licence-column__facts">
        <div>
          <dt>Files</dt>
          <dd>MP3</dd>
        </div>
        <div>
          <dt>Streams</dt>
          <dd>No public release</dd>
        </div>
      </dl>
    );
  }
  if (!tiers) return <p className="licence-column__loading">Loading the terms…</p>;
  const indie = tiers.find((t) => t.priceId === 'excindie');
  const label = tiers.find((t) => t.priceId === 'exclabel');
  const tier = column.tier === 'exclusive' ? indie : tiers.find((t) => t.priceId === column.tier);
  if (!tier) return null;
  const years = termOf(tier, 'Term (years)');
  const copies = termOf(tier, 'Distribution copies');
  const price = column.tier === 'exclusive' && indie && label ? `${formatUsd(indie.defaultPriceCents)} (Indie), ${formatUsd(label.defaultPriceCents)} (Label)` : formatUsd(tier.defaultPriceCents);
  return (
    <dl className="licence-column__facts">
      <div>
        <dt>Files</dt>
        <dd>{tier.files}</dd>
      </div>
      <div>
        <dt>Streams</dt>
        <dd>{tier.streams}</dd>
      </div>
      {years && (
        <div>
          <dt>Term</dt>
          <dd>{years === 'Unlimited' ? 'Unlimited' : `${years} years`}</dd>
        </div>
      )}
      {copies && (
        <div>
          <dt>Copies</dt>
          <dd>{copies}</dd>
        </div>
      )}
      <div>
        <dt>Default price</dt>
        <dd>{price}</dd>
      </div>
    </dl>
  );
}

/** /rights-usage: Rights and Usage of Music, with the four licence columns. */
export function RightsUsageGuide() {
  const { tiers, error, retry } = useLicenceTierTerms();
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
        {error && !tiers && (
          <Banner tone="error">
            The licence terms could not be loaded.{' '}
            <button type="button" className="button button--ghost button--small" onClick={retry}>
              Try again
            </button>
          </Banner>
        )}
        <p className="licence-columns__note">
          Streams, term, copies and prices are the producers&apos; defaults. Producers may set their own; where a beat&apos;s
          producers differ, its licence grants the most restrictive value of each term, and Purchase Rights shows the terms
          of your beat before you buy.
        </p>
        <ul className="licence-columns">
          {LICENCES.map((licence) => (
            <li key={licence.name} className={`licence-column${licence.highlight ? ' licence-column--highlight' : ''}`}>
              <h3 className="licence-column__name">{licence.name}</h3>
              <p className="licence-column__summary">{licence.summary}</p>
              <QuotedFacts column={licence} tiers={tiers} />
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
              <strong>Your beat</strong> is unique to you: its arrangement is generated for you and never given to anyone else,
              so only you can license it. The producers&apos; loops stay in the catalogue for other, different beats.
            </li>
            <li>
              <strong>With exclusive ownership</strong> no further licence of the beat is ever sold, and your earlier leases of
              it are superseded by the exclusive one.
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
