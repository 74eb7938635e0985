import { pageNavigation } from '../../app/browser/page-navigation';
import { PLAYER_MESSAGES } from './player-messages';

const EXTENSIONS: Readonly<Record<string, string>> = { 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav' };

/** A file name from a beat's title: no characters file systems refuse, never empty. */
export function beatFileName(title: string, contentType: string | null): string {
  // eslint-disable-next-line no-control-regex -- control characters are among those file names refuse
  const base = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'beat';
  const extension = EXTENSIONS[(contentType ?? '').split(';')[0].trim().toLowerCase()] ?? 'mp3';
  return `${base}.${extension}`;
}

/** Hands a file made in the page (a small one, such as the producer agreement's PDF) to the browser to save. */
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

/** What a download address holds, learnt from its first byte only. */
export interface DownloadProbe {
  readonly empty: boolean;
  readonly contentType: string | null;
}

/**
 * Asks a signed download address for its first byte (Range: bytes=0-0), so a refused or expired link
 * and an empty file are told apart before the browser is sent there, without reading the file: 206
 * has at least one byte, 416 means the file is empty; a server that ignores Range answers 200 and
 * the rest of its body is dropped unread. Throws on an error status or a network failure.
 */
export async function probeDownload(url: string): Promise<DownloadProbe> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { Range: 'bytes=0-0' }, mode: 'cors', cache: 'no-store', signal: controller.signal });
  try {
    const contentType = response.headers.get('content-type');
    if (response.status === 416) return { empty: true, contentType };
    if (!response.ok) throw new Error(`Network response was not ok: ${response.statusText || response.status}`);
    return { empty: response.status === 200 && response.headers.get('content-length') === '0', contentType };
  } finally {
    controller.abort();
  }
}

/**
 * Downloads the beat (requirements §L7) through its signed link, which the api answers as an attachment: the
 * browser streams the file to disk instead of the page holding it in memory (issue 30). Answers null
 * when the download was handed to the browser, else the spec's message: no address or an empty file
 * is "No beat available for download.", a refused link or a network failure "Failed to download the beat.".
 */
export async function downloadBeat(url: string | null | undefined, title: string): Promise<string | null> {
  if (!url) return PLAYER_MESSAGES.nothingToDownload;
  let probe: DownloadProbe;
  try {
    probe = await probeDownload(url);
  } catch (error) {
    console.error('Failed to download the beat.', error);
    return PLAYER_MESSAGES.downloadFailed;
  }
  if (probe.empty) return PLAYER_MESSAGES.nothingToDownload;
  pageNavigation.download(url, beatFileName(title, probe.contentType));
  return null;
}
