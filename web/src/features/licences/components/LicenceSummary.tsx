import { Link } from 'react-router-dom';
import { formatUsd } from '../lease-tiers';
import { DateText } from '../../../ui/format/DateText';
import { verifyPath } from '../verify-path';
import { LicenceStatusBadge } from './LicenceStatusBadge';

export interface LicenceSummaryView {
  readonly id: string;
  readonly tierTitle: string;
  readonly beatTitle: string;
  readonly priceCents: number;
  readonly issuedAt: string;
  readonly status: string;
}

/** The licence as the success page states it: tier, beat, price, date, status and its id. */
export function LicenceSummary({ licence }: { readonly licence: LicenceSummaryView }) {
  return (
    <dl className="payment-success__details licence-summary">
      <dt>Licence</dt>
      <dd>{licence.tierTitle}</dd>
      <dt>Beat</dt>
      <dd>{licence.beatTitle}</dd>
      <dt>Price</dt>
      <dd>{formatUsd(licence.priceCents)}</dd>
      <dt>Date</dt>
      <dd>
        <DateText value={licence.issuedAt} kind="utcDay" />
      </dd>
      <dt>Status</dt>
      <dd>
        <LicenceStatusBadge status={licence.status} />
      </dd>
      <dt>Licence ID</dt>
      <dd className="payment-success__id">
        <Link to={verifyPath(licence.id)}>{licence.id}</Link>
      </dd>
    </dl>
  );
}
