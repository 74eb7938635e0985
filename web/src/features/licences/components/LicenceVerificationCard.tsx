import { formatShare } from '../lease-tiers';
import { statusExplanation } from '../licence-status';
import { DateText } from '../../../ui/format/DateText';
import { LicenceStatusBadge } from './LicenceStatusBadge';
import './LicenceVerification.css';

/** What the public verification shows (the api's LicenceVerification): nothing of the buyer but a masked name. */
export interface LicenceVerificationView {
  readonly id: string;
  readonly status: string;
  readonly tierTitle: string;
  readonly issuedAt: string;
  readonly beatTitle: string;
  readonly producers: readonly { readonly name: string; readonly shareBasisPoints: number }[];
  readonly maskedBuyerName: string;
}

/** One licence as anyone holding its id or QR code sees it. */
export function LicenceVerificationCard({ licence }: { readonly licence: LicenceVerificationView }) {
  return (
    <article className={`licence-verification__card licence-verification__card--${licence.status.toLowerCase()}`} aria-labelledby="licence-verification-status">
      <div className="licence-verification__status" id="licence-verification-status">
        <LicenceStatusBadge status={licence.status} />
        <p>{statusExplanation(licence.status)}</p>
      </div>
      <dl className="licence-verification__facts">
        <div>
          <dt>Licence</dt>
          <dd>{licence.tierTitle}</dd>
        </div>
        <div>
          <dt>Beat</dt>
          <dd>{licence.beatTitle}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>
            <DateText value={licence.issuedAt} kind="utcDay" />
          </dd>
        </div>
        <div>
          <dt>Licensed to</dt>
          <dd>{licence.maskedBuyerName}</dd>
        </div>
        <div className="licence-verification__wide">
          <dt>Producers</dt>
          <dd>
            <ul className="licence-verification__producers">
              {licence.producers.map((producer) => (
                <li key={producer.name}>
                  <span>{producer.name}</span>
                  <span className="licence-verification__share">{formatShare(producer.shareBasisPoints)}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div className="licence-verification__wide">
          <dt>Licence ID</dt>
          <dd className="licence-verification__id">{licence.id}</dd>
        </div>
      </dl>
    </article>
  );
}
