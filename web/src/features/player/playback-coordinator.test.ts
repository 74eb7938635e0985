import { claimPlayback, releasePlayback } from './playback-coordinator';

const player = () => ({ pause: vi.fn() });

describe('playback coordinator', () => {
  it('pauses the player that was playing when another starts', () => {
    const first = player();
    const second = player();
    claimPlayback(first);
    claimPlayback(second);
    expect(first.pause).toHaveBeenCalledTimes(1);
    expect(second.pause).not.toHaveBeenCalled();
    releasePlayback(second);
  });

  it('pauses nobody after the playing one released its claim', () => {
    const first = player();
    const second = player();
    claimPlayback(first);
    releasePlayback(first);
    claimPlayback(second);
    expect(first.pause).not.toHaveBeenCalled();
    releasePlayback(second);
  });
});
