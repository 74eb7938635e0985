import { saveFile } from '../player/download-beat';

/**
 * Fetches a licence file from its short-lived address with the holder's bearer token (the api binds
 * the address to the holder) and saves it under the given name. Throws when the file is not there.
 */
export async function saveLicenceFile(url: string, fileName: string, accessToken: string | null, save: typeof saveFile = saveFile): Promise<void> {
  const headers: Record<string, string> = accessToken ? { authorization: `Bearer ${accessToken}` } : {};
  const response = await fetch(url, { headers, cache: 'no-store' });
  if (!response.ok) throw new Error(`Network response was not ok: ${response.statusText || response.status}`);
  const blob = await response.blob();
  if (blob.size === 0) throw new Error('The file is empty.');
  save(blob, fileName);
}
