import { pageNavigation } from '../../app/browser/page-navigation';
import { beatFileName, downloadBeat, probeDownload } from './download-beat';

const LINK = 'http://api.test/media/beats/1.mp3?exp=1&sig=a&dl=1';

/** A fetch that answers as the api's media route does to `Range: bytes=0-0`. */
function mediaFetch(answer: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const firstByte = () => new Response(new Uint8Array(1), { status: 206, headers: { 'content-type': 'audio/mpeg', 'content-range': 'bytes 0-0/7340032' } });

describe('downloadBeat', () => {
  it('hands the signed link to the browser, which streams the file to disk; the page reads one byte of it', async () => {
    const fetchMock = mediaFetch(firstByte);
    const download = vi.spyOn(pageNavigation, 'download').mockImplementation(() => undefined);
    expect(await downloadBeat(LINK, 'Trap: Night / Drive')).toBeNull();
    expect(download).toHaveBeenCalledWith(LINK, 'Trap Night Drive.mp3');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(LINK);
    expect(init).toMatchObject({ headers: { Range: 'bytes=0-0' }, mode: 'cors', cache: 'no-store' });
    // The probe is cut once its headers are in: the file itself never passes through the page.
    expect(init?.signal?.aborted).toBe(true);
  });

  it('reads nothing into memory from a server that ignores Range (200): the body is dropped unread', async () => {
    const body = new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(new Uint8Array(1 << 20)) });
    const fetchMock = mediaFetch(() => new Response(body, { status: 200, headers: { 'content-type': 'audio/wav', 'content-length': '146800640' } }));
    const download = vi.spyOn(pageNavigation, 'download').mockImplementation(() => undefined);
    expect(await downloadBeat(LINK, 'Big')).toBeNull();
    expect(download).toHaveBeenCalledWith(LINK, 'Big.wav');
    expect(fetchMock.mock.calls[0][1]?.signal?.aborted).toBe(true);
  });

  it('says there is no beat when there is no address or the file is empty (416 or an empty 200), and starts no download', async () => {
    const download = vi.spyOn(pageNavigation, 'download').mockImplementation(() => undefined);
    const fetchMock = mediaFetch(() => new Response(null, { status: 416, headers: { 'content-range': 'bytes */0' } }));
    expect(await downloadBeat(null, 'x')).toBe('No beat available for download.');
    expect(await downloadBeat(undefined, 'x')).toBe('No beat available for download.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await downloadBeat('http://api.test/media/empty.mp3', 'x')).toBe('No beat available for download.');
    mediaFetch(() => new Response(new Uint8Array(0), { status: 200, headers: { 'content-length': '0' } }));
    expect(await downloadBeat('http://api.test/media/empty.mp3', 'x')).toBe('No beat available for download.');
    expect(download).not.toHaveBeenCalled();
  });

  it('says the download failed on a refused or expired link and on a network failure, and starts no download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const download = vi.spyOn(pageNavigation, 'download').mockImplementation(() => undefined);
    mediaFetch(() => new Response('{"error":"Invalid or expired link."}', { status: 403, statusText: 'Forbidden' }));
    expect(await downloadBeat('http://api.test/media/expired.mp3', 'x')).toBe('Failed to download the beat.');
    mediaFetch(() => new Response('{"error":"Not found."}', { status: 404 }));
    expect(await downloadBeat('http://api.test/media/gone.mp3', 'x')).toBe('Failed to download the beat.');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await downloadBeat(LINK, 'x')).toBe('Failed to download the beat.');
    expect(download).not.toHaveBeenCalled();
  });
});

describe('probeDownload', () => {
  it('tells a file with bytes from an empty one and passes on the type', async () => {
    mediaFetch(firstByte);
    await expect(probeDownload(LINK)).resolves.toEqual({ empty: false, contentType: 'audio/mpeg' });
    mediaFetch(() => new Response(null, { status: 416 }));
    await expect(probeDownload(LINK)).resolves.toEqual({ empty: true, contentType: null });
    mediaFetch(() => new Response('no', { status: 500, statusText: 'Internal Server Error' }));
    await expect(probeDownload(LINK)).rejects.toThrow('Network response was not ok: Internal Server Error');
  });
});

describe('pageNavigation.download', () => {
  it('clicks a hidden link to the address with the file name, and leaves nothing in the page', () => {
    const clicked: Array<{ href: string; download: string; rel: string; hidden: boolean; attached: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, rel: this.rel, hidden: this.hidden, attached: this.isConnected });
    });
    const createObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));
    pageNavigation.download('https://api.test/licence-downloads/abc.def', 'Night Drive - stems.zip');
    expect(clicked).toEqual([{ href: 'https://api.test/licence-downloads/abc.def', download: 'Night Drive - stems.zip', rel: 'noopener', hidden: true, attached: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});

describe('beatFileName', () => {
  it('keeps a readable name with the extension of the file type', () => {
    expect(beatFileName('Drake type beat', 'audio/wav')).toBe('Drake type beat.wav');
    expect(beatFileName('   ', null)).toBe('beat.mp3');
  });
});
