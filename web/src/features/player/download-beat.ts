import { PLAYER_MESSAGES } from './player-messages';

const EXTENSIONS: Readonly<Record<string, string>> = { 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav' };

/** A file name from a beat's title: no characters file systems refuse, never empty. */
export function beatFileName(title: string, contentType: string | null): string {
  // eslint-disable-next-line no-control-regex -- control characters are among those file names refuse
  const base = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'beat';
  const extension = EXTENSIONS[(contentType ?? '').split(';')[0].trim().toLowerCase()] ?? 'mp3';
  return `${base}.${extension}`;
}

/** Hands a downloaded file to the browser to save (an object URL behind a download link). */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task ran.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * Fetches the beat file from its address and saves it on the client (spec 1 §7). Answers null when
 * it was saved, else the spec's message: no address or an empty file is "No beat available for
 * download.", any failure "Failed to download the beat.".
 */
export async function downloadBeat(url: string | null | undefined, title: string, save: typeof saveFile = saveFile): Promise<string | null> {
  if (!url) return PLAYER_MESSAGES.nothingToDownload;
  try {
    const response = await fetch(url, { mode: 'cors', cache: 'no-store' });
    if (!response.ok) throw new Error(`Network response was not ok: ${response.statusText || response.status}`);
    const blob = await response.blob();
    if (blob.size === 0) return PLAYER_MESSAGES.nothingToDownload;
    save(blob, beatFileName(title, response.headers.get('content-type')));
    return null;
  } catch (error) {
    console.error('Failed to download the beat.', error);
    return PLAYER_MESSAGES.downloadFailed;
  }
}
