import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeWaveSurfer } from '../../player/test/fake-wavesurfer';
import { StorefrontPlayer, type StorefrontBeat } from './StorefrontPlayer';

vi.mock('wavesurfer.js', () => import('../../player/test/fake-wavesurfer'));

const beat: StorefrontBeat = {
  beatId: 'beat-1',
  audioUrl: 'http://api.test/shared-beats/x/audio?exp=1&sig=s',
  title: 'Night Drive',
  key: 'F#',
  mode: 'Minor',
  bpm: 139.6,
  structure: 'IVCBO',
  peaks: [0.1, 0.8, 0.4],
  durationSeconds: 75.2,
};

afterEach(() => {
  FakeWaveSurfer.instances = [];
});

describe('StorefrontPlayer', () => {
  it('draws the waveform 80 px high with the spec bars and colours, and shows title, key, mode, BPM and the structure labels', () => {
    render(<StorefrontPlayer beat={beat} />);
    expect(FakeWaveSurfer.latest().options).toMatchObject({
      url: beat.audioUrl, peaks: [[0.1, 0.8, 0.4]], duration: 75.2, height: 80, barWidth: 2, barGap: 2, barRadius: 3, waveColor: '#a5b4fc', progressColor: '#6366f1',
    });
    expect(screen.getByRole('heading', { name: 'Night Drive' })).toBeInTheDocument();
    const tags = screen.getByText('Key').closest('dl')!;
    expect(within(tags).getAllByRole('definition').map((d) => d.textContent)).toEqual(['F#', 'Minor', '140']);
    expect(screen.getByText('Structure:').parentElement).toHaveTextContent('Structure: IntroVerseChorusBridgeOutro');
    expect(screen.getByLabelText('Current time and duration')).toHaveTextContent('00:00 / 01:15');
  });

  it('has play/pause and volume, and no restart or download', async () => {
    const onPlay = vi.fn();
    const user = userEvent.setup();
    render(<StorefrontPlayer beat={beat} onPlay={onPlay} />);
    const surfer = FakeWaveSurfer.latest();
    expect(screen.queryByRole('button', { name: 'Restart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Get License/ })).not.toBeInTheDocument();
    act(() => surfer.canPlay());
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(surfer.playing).toBe(true);
    expect(onPlay).toHaveBeenCalledTimes(1);
    act(() => surfer.advanceTo(12.4));
    expect(screen.getByLabelText('Current time and duration')).toHaveTextContent('00:12 / 01:15');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(surfer.playing).toBe(false);
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveAttribute('step', '0.01');
    fireEvent.change(slider, { target: { value: '0.4' } });
    expect(surfer.volume).toBe(0.4);
    expect(screen.getByText('40%')).toBeInTheDocument();
  });

  it('answers Beat is not ready yet. Wait 1 moment. before the audio can play', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const onPlay = vi.fn();
    const user = userEvent.setup();
    render(<StorefrontPlayer beat={beat} onPlay={onPlay} />);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(alert).toHaveBeenCalledWith('Beat is not ready yet. Wait 1 moment.');
    expect(onPlay).not.toHaveBeenCalled();
  });
});
