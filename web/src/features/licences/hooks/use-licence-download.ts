import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { useSession } from '../../../app/auth/SessionProvider';
import { RequestLicenceDownloadDocument } from '../../../generated/graphql';
import type { LicenceFileKind } from '../lease-tiers';
import { saveLicenceFile } from '../save-licence-file';

/**
 * Downloads one file of a licence: the api issues a short-lived address bound to the holder, which
 * is fetched with the same bearer token and saved under the file's name. Rejects on any failure.
 */
export function useLicenceDownload() {
  const [requestDownload] = useMutation(RequestLicenceDownloadDocument);
  const { getAccessToken } = useSession();
  return useCallback(
    async (licenceId: string, file: LicenceFileKind) => {
      const { data } = await requestDownload({ variables: { licenceId, file } });
      if (!data) throw new Error('No download address was returned.');
      const { url, fileName } = data.requestLicenceDownload;
      await saveLicenceFile(url, fileName, await getAccessToken());
    },
    [requestDownload, getAccessToken],
  );
}
