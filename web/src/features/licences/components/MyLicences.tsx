import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { MyLicencesDocument } from '../../../generated/graphql';
import { Banner } from '../../../ui/banner/Banner';
import { useLicenceDownload } from '../hooks/use-licence-download';
import { useLicenceNotices } from '../hooks/use-licence-notices';
import { LicenceList } from './LicenceList';
import './Licences.css';

/** How often My Licences asks again while a licence's files are being prepared. */
export const MY_LICENCES_POLL_MS = 3000;

/**
 * My Account's My Licences (issue 17): the in-app notices of new licences and refunds, then each
 * licence with its tier, date, price, status, downloads and document.
 */
export function MyLicences() {
  const { data, error, loading, refetch, startPolling, stopPolling } = useQuery(MyLicencesDocument, { fetchPolicy: 'network-only' });
  const { unread, dismiss } = useLicenceNotices();
  const download = useLicenceDownload();
  const licences = data?.myLicences ?? [];
  const preparing = licences.some((licence) => !licence.filesReady && licence.status !== 'REFUNDED');

  useEffect(() => {
    if (!preparing) return undefined;
    startPolling(MY_LICENCES_POLL_MS);
    return () => stopPolling();
  }, [preparing, startPolling, stopPolling]);

  return (
    <section className="account-card my-licences" aria-labelledby="my-licences-title">
      <h2 className="account-card__title" id="my-licences-title">
        My Licences
      </h2>
      {unread.length > 0 && (
        <ul className="licence-notices" aria-label="Notices">
          {unread.map((notice) => (
            <li key={notice.id}>
              <Banner tone={notice.kind === 'payment_refunded' ? 'info' : 'success'} onDismiss={() => dismiss(notice.id)}>
                {notice.message}
              </Banner>
            </li>
          ))}
        </ul>
      )}
      {!data && loading && <p className="account-card__text">Loading your licences...</p>}
      {!data && error && (
        <p className="account-card__text">
          Your licences could not be loaded.{' '}
          <button type="button" className="generated-beats__retry" onClick={() => void refetch().catch(() => undefined)}>
            Try again
          </button>
        </p>
      )}
      {data && licences.length === 0 && (
        <p className="account-card__text">No licences yet. Press Get License on one of your beats to buy one; it will be listed here with its files.</p>
      )}
      {licences.length > 0 && <LicenceList licences={licences} onDownload={download} />}
    </section>
  );
}
