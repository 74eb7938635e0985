import { useCallback, useState } from 'react';
import { useSession } from '../../../app/auth/SessionProvider';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { saveFile } from '../../player/download-beat';

export type StatementFormat = 'csv' | 'pdf';

/**
 * Downloads a statement (GET /producer-earnings/statement) as a file: the answer is read as bytes
 * (the REST client reads text) and handed to the browser to save. Answers an error message to show,
 * or null.
 */
export function useStatementDownload() {
  const { apiUrl } = useRuntimeConfig();
  const { getAccessToken } = useSession();
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const download = useCallback(
    async (period: string, format: StatementFormat): Promise<string | null> => {
      setBusy(format);
      try {
        const token = await getAccessToken();
        const response = await fetch(`${apiUrl}/producer-earnings/statement?period=${encodeURIComponent(period)}&format=${format}`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          credentials: 'include',
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { error?: string } | null;
          return body?.error ?? 'The statement could not be downloaded. Try again.';
        }
        saveFile(await response.blob(), `statement-${period}.${format}`);
        return null;
      } catch {
        return 'The statement could not be downloaded. Try again.';
      } finally {
        setBusy(null);
      }
    },
    [apiUrl, getAccessToken],
  );
  return { download, busy };
}
