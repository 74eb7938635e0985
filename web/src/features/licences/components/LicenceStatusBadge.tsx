import { statusLabel } from '../licence-status';
import './Licences.css';

/** Valid, Refunded or Superseded, coloured. */
export function LicenceStatusBadge({ status }: { readonly status: string }) {
  return <span className={`licence-status licence-status--${status.toLowerCase()}`}>{statusLabel(status)}</span>;
}
