import { beatFileName, downloadBeat } from './download-beat';

const audio = (bytes: number, status = 200) =>
  new Response(status === 200 ? new Uint8Array(bytes) : 'gone', { status, headers: { 'content-type': 'audio/mpeg' } });

describe('downloadBeat', () => {
  it('fetches the file and saves it under the beat title', async () => {
    const fetchMock = vi.fn(async () => audio(1024));
    vi.stubGlobal('fetch', fetchMock);
    const save = vi.fn();
    expect(await downloadBeat('http://api.test/media/beat.mp3?dl=1', 'Trap: Night / Drive', save)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('http://api.test/media/beat.mp3?dl=1', { mode: 'cors', cache: 'no-store' });
    expect(save).toHaveBeenCalledWith(expect.anything(), 'Trap Night Drive.mp3');
    expect((save.mock.calls[0][0] as Blob).size).toBe(1024);
  });

  it('says there is no beat when there is no address or the file is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => audio(0)));
    const save = vi.fn();
    expect(await downloadBeat(null, 'x', save)).toBe('No beat available for download.');
    expect(await downloadBeat('http://api.test/media/empty.mp3', 'x', save)).toBe('No beat available for download.');
    expect(save).not.toHaveBeenCalled();
  });

  it('says the download failed on an error status or a network failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const save = vi.fn();
    vi.stubGlobal('fetch', vi.fn(async () => audio(0, 403)));
    expect(await downloadBeat('http://api.test/media/expired.mp3', 'x', save)).toBe('Failed to download the beat.');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await downloadBeat('http://api.test/media/beat.mp3', 'x', save)).toBe('Failed to download the beat.');
    expect(save).not.toHaveBeenCalled();
  });
});

describe('beatFileName', () => {
  it('keeps a readable name with the extension of the file type', () => {
    expect(beatFileName('Drake type beat', 'audio/wav')).toBe('Drake type beat.wav');
    expect(beatFileName('   ', null)).toBe('beat.mp3');
  });
});
