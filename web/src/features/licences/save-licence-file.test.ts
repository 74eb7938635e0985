import { saveLicenceFile } from './save-licence-file';

describe('saving a licence file', () => {

  it('fetches the address with the bearer token and saves the file under its name', async () => {
    const fetchMock = vi.fn(async () => new Response(new Uint8Array(16), { headers: { 'content-type': 'application/zip' } }));
    vi.stubGlobal('fetch', fetchMock);
    const save = vi.fn();
    await saveLicenceFile('http://api.test/licence-files/l1/STEMS?sig=x', 'Beat - stems.zip', 'access-1', save);
    expect(fetchMock).toHaveBeenCalledWith('http://api.test/licence-files/l1/STEMS?sig=x', { headers: { authorization: 'Bearer access-1' }, cache: 'no-store' });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][1]).toBe('Beat - stems.zip');
    expect((save.mock.calls[0][0] as Blob).size).toBe(16);
  });

  it('throws on a refused or expired address, and on an empty file, saving nothing', async () => {
    const save = vi.fn();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"This download link has expired."}', { status: 403, statusText: 'Forbidden' })));
    await expect(saveLicenceFile('http://api.test/x', 'a.mp3', 'access-1', save)).rejects.toThrow('Network response was not ok: Forbidden');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array(0))));
    await expect(saveLicenceFile('http://api.test/x', 'a.mp3', 'access-1', save)).rejects.toThrow('The file is empty.');
    expect(save).not.toHaveBeenCalled();
  });
});
