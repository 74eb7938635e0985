import { clickTrain } from '../testing/tone-synth';
import { loopOnsets } from './loop-onsets';

describe('loopOnsets', () => {
  it('detects once per content: a copy of a loop in new buffers (as a worker receives it) gets the same onsets without detecting again', () => {
    const { audio } = clickTrain({ bpm: 120, beats: 8, subdivision: 2 });
    const first = loopOnsets(audio);
    expect(first.length).toBeGreaterThanOrEqual(15);
    const copy = { ...audio, channels: audio.channels.map((channel) => new Float32Array(new SharedArrayBuffer(channel.byteLength)).fill(0)) };
    copy.channels.forEach((channel, c) => channel.set(audio.channels[c]));
    expect(loopOnsets(copy)).toBe(first);
    // Other options, or other audio, are detected afresh.
    expect(loopOnsets(copy, { threshold: 0.3 })).not.toBe(first);
    copy.channels[0][1000] += 0.5;
    const changed = { ...copy, channels: copy.channels.map((channel) => channel.slice()) };
    expect(loopOnsets(changed)).not.toBe(first);
  });
});
