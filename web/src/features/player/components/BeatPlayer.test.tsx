import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeWaveSurfer } from '../test/fake-wavesurfer';
import { BeatPlayer, type PlayerBeat } from './BeatPlayer';

vi.mock('wavesurfer.js', () => import('../test/fake-wavesurfer'));

const beat = (over: Partial<PlayerBeat> = {}): PlayerBeat => ({
  title: 'Country Trap in E Minor',
  audioUrl: 'http://api.test/media/beats/1.mp3?sig=a',
  downloadUrl: 'http://api.test/media/beats/1.mp3?sig=a&dl=1',
  peaks: [0.1, 0.7, 0.4],
  durationSeconds: 41.6,
  key: 'E',
  mode: 'Minor',
  bpm: 96,
  structure: 'IVC',
  ...over,
});

function renderPlayer(over: Partial<PlayerBeat> = {}) {
  const user = userEvent.setup();
  const view = render(<BeatPlayer beat={beat(over)} />);
  return { ...view, user, surfer: FakeWaveSurfer.latest() };
}

const clock = () => screen.getByLabelText('Elapsed and total time').textContent;

afterEach(() => {
  FakeWaveSurfer.instances = [];
});

describe('BeatPlayer', () => {
  it('draws the waveform 60 px high with the spec colours and bars, from the api peaks', () => {
    const { surfer } = renderPlayer();
    expect(surfer.options).toMatchObject({
      url: 'http://api.test/media/beats/1.mp3?sig=a',
      peaks: [[0.1, 0.7, 0.4]],
      duration: 41.6,
      height: 60,
      barWidth: 2,
      barGap: 2,
      barRadius: 3,
      waveColor: '#a5b4fc',
      progressColor: '#6366f1',
    });
    expect(screen.getByRole('heading', { name: 'Country Trap in E Minor' })).toBeInTheDocument();
    expect(clock()).toBe('00:00 / 00:41');
    expect(screen.getByText('Structure:').parentElement).toHaveTextContent('Structure: IntroVerseChorus');
  });

  it('lets the browser decode the file when the api has no peaks', () => {
    const { surfer } = renderPlayer({ peaks: [] });
    expect(surfer.options.peaks).toBeUndefined();
    expect(surfer.options.duration).toBeUndefined();
  });

  it('answers Beat is not ready yet. Wait 1 moment. before the audio can play', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, surfer } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    expect(alert).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenCalledWith('Beat is not ready yet. Wait 1 moment.');
    expect(surfer.playing).toBe(false);
  });

  it('plays and pauses, shows the clock as mm:ss, and restarts from the beginning', async () => {
    const { user, surfer } = renderPlayer();
    act(() => surfer.canPlay());
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(surfer.playing).toBe(true);
    act(() => surfer.advanceTo(7.9));
    expect(clock()).toBe('00:07 / 00:41');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(surfer.playing).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    expect(surfer.time).toBe(0);
    expect(surfer.playing).toBe(true);
    expect(clock()).toBe('00:00 / 00:41');
  });

  it('sets the volume from 0 to 1 in steps of 0.01 with a percent label', () => {
    const { surfer } = renderPlayer();
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '1');
    expect(slider).toHaveAttribute('step', '0.01');
    expect(slider).toHaveValue('1');
    expect(screen.getByText('100%')).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '0.35' } });
    expect(surfer.volume).toBe(0.35);
    expect(screen.getByText('35%')).toBeInTheDocument();
  });

  it('shows the key, mode and BPM tiles', () => {
    renderPlayer({ key: 'C#', mode: 'Major', bpm: 139.6 });
    const tiles = screen.getByText('Key').closest('dl')!;
    expect(within(tiles).getAllByRole('definition').map((d) => d.textContent)).toEqual(['C#', 'Major', '140']);
  });

  it('says Error playing audio. Please try again. when playback fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, surfer } = renderPlayer();
    act(() => surfer.canPlay());
    surfer.playFailure = Object.assign(new Error('The element has no supported sources.'), { name: 'NotSupportedError' });
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error playing audio. Please try again.');
  });

  it('says Failed to load audio file. Please try again. when the file does not load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { surfer } = renderPlayer();
    act(() => surfer.emit('error', new Error('MEDIA_ERR_SRC_NOT_SUPPORTED')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load audio file. Please try again.');
  });

  it('plays one player at a time: starting one pauses the other', async () => {
    const user = userEvent.setup();
    render(
      <>
        <BeatPlayer beat={beat({ title: 'First' })} />
        <BeatPlayer beat={beat({ title: 'Second', audioUrl: 'http://api.test/media/beats/2.mp3' })} />
      </>,
    );
    const [first, second] = FakeWaveSurfer.instances;
    act(() => {
      first.canPlay();
      second.canPlay();
    });
    await user.click(within(screen.getByRole('article', { name: 'First' })).getByRole('button', { name: 'Play' }));
    await user.click(within(screen.getByRole('article', { name: 'Second' })).getByRole('button', { name: 'Play' }));
    expect(first.playing).toBe(false);
    expect(second.playing).toBe(true);
    expect(within(screen.getByRole('article', { name: 'First' })).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('downloads through the signed link, which the browser streams to disk (the page reads one byte)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Uint8Array(1), { status: 206, headers: { 'content-type': 'audio/mpeg', 'content-range': 'bytes 0-0/2048' } })));
    const createObjectURL = vi.fn(() => 'blob:beat');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const { user } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await vi.waitFor(() => expect(clicked).toEqual([{ href: 'http://api.test/media/beats/1.mp3?sig=a&dl=1', download: 'Country Trap in E Minor.mp3' }]));
    expect(fetch).toHaveBeenCalledWith('http://api.test/media/beats/1.mp3?sig=a&dl=1', expect.objectContaining({ headers: { Range: 'bytes=0-0' }, mode: 'cors', cache: 'no-store' }));
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says Failed to download the beat. when the download fails, and has no Download without an address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('expired', { status: 403, statusText: 'Forbidden' })));
    const { user, unmount } = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to download the beat.');
    unmount();
    renderPlayer({ downloadUrl: null });
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });
});

describe('BeatPlayer licensing', () => {
  it('has Get License only when licensing is offered, and calls it', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<BeatPlayer beat={beat()} />);
    expect(screen.queryByRole('button', { name: 'Get License' })).not.toBeInTheDocument();
    unmount();
    const onGetLicense = vi.fn();
    render(<BeatPlayer beat={beat()} onGetLicense={onGetLicense} notice={<p role="note">Please complete your profile information to proceed.</p>} />);
    await user.click(screen.getByRole('button', { name: 'Get License' }));
    expect(onGetLicense).toHaveBeenCalledTimes(1);
    expect(within(screen.getByRole('article')).getByRole('note')).toHaveTextContent('Please complete your profile information to proceed.');
  });
});
