import { useMutation, useQuery } from '@apollo/client/react';
import { LicenceNoticesDocument, MarkLicenceNoticeReadDocument } from '../../../generated/graphql';

/** My Account's notices about licences (issued, or a payment refunded): the unread ones, and marking one read. */
export function useLicenceNotices() {
  const { data } = useQuery(LicenceNoticesDocument, { fetchPolicy: 'network-only' });
  const [markRead] = useMutation(MarkLicenceNoticeReadDocument);
  const unread = (data?.licenceNotices ?? []).filter((notice) => !notice.read);
  const dismiss = (id: string) =>
    // The answer updates the cached notice (by id), which leaves the unread list.
    void markRead({ variables: { id } }).catch((error: unknown) => console.error('Failed to mark a notice read.', error));
  return { unread, dismiss };
}
