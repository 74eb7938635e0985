import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { RequestLicenceDownloadDocument } from '../../../generated/graphql';
import type { LicenceFileKind } from '../lease-tiers';

/**
 * Downloads one file of a licence: the api issues a short-lived link signed for the holder (the
 * mutation checks the holder, the licence and the file), and the browser is sent there. The api
 * answers it as an attachment, so the browser streams the file (a stems zip of 140 MB, a WAV) to
 * disk, never into the page's memory (issue 30). Rejects when no link is issued.
 */
export function useLicenceDownload() {
  const [requestDownload] = useMutation(RequestLicenceDownloadDocument);
  return useCallback(
    async (licenceId: string, file: LicenceFileKind) => {
      const { data } = await requestDownload({ variables: { licenceId, file } });
      if (!data) throw new Error('No download address was returned.');
      const { url, fileName } = data.requestLicenceDownload;
      pageNavigation.download(url, fileName);
    },
    [requestDownload],
  );
}
