import { Link } from 'react-router-dom';
import { formatUsd, type LicenceFileKind } from '../lease-tiers';
import { DateText } from '../../../ui/format/DateText';
import { verifyPath } from '../verify-path';
import { LicenceDownloads, type LicenceFileView } from './LicenceDownloads';
import { LicenceStatusBadge } from './LicenceStatusBadge';

/** A licence as My Licences lists it (the api's Licence). */
export interface LicenceListItem {
  readonly id: string;
  readonly beatTitle: string;
  readonly tier: string;
  readonly tierTitle: string;
  readonly priceCents: number;
  readonly status: string;
  readonly issuedAt: string;
  readonly filesReady: boolean;
  readonly files: readonly LicenceFileView[];
}

interface LicenceListProps {
  readonly licences: readonly LicenceListItem[];
  readonly onDownload: (licenceId: string, kind: LicenceFileKind) => Promise<void>;
}

/** Each licence with its tier, date, price, status, downloads and document, newest first as the api sends them. */
export function LicenceList({ licences, onDownload }: LicenceListProps) {
  return (
    <ul className="licence-list">
      {licences.map((licence) => {
        const titleId = `licence-${licence.id}`;
        return (
          <li key={licence.id} className="licence-list__item" aria-labelledby={titleId}>
            <div className="licence-list__head">
              <div>
                <h3 className="licence-list__beat" id={titleId}>
                  {licence.beatTitle}
                </h3>
                <p className="licence-list__meta">
                  <span className="licence-list__tier">{licence.tierTitle}</span>
                  <span aria-hidden="true"> · </span>
                  <DateText value={licence.issuedAt} kind="utcDay" />
                  <span aria-hidden="true"> · </span>
                  <span>{formatUsd(licence.priceCents)}</span>
                </p>
              </div>
              <LicenceStatusBadge status={licence.status} />
            </div>
            {licence.status === 'REFUNDED' ? (
              <p className="licence-list__refunded">The payment was refunded: this licence grants no rights and has no files.</p>
            ) : (
              <LicenceDownloads
                tier={licence.tier}
                filesReady={licence.filesReady}
                files={licence.files}
                context={`${licence.beatTitle} (${licence.tierTitle})`}
                onDownload={(kind) => onDownload(licence.id, kind)}
              />
            )}
            <Link className="licence-list__verify" to={verifyPath(licence.id)}>
              Verification page
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
