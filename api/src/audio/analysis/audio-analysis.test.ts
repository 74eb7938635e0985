import { chordProgression } from '../testing/chord-progression-synth';
import { drumLoop } from '../testing/drum-loop-synth';
import { encodeWav } from '../wav/wav-writer';
import { decodeWav } from '../wav/wav-reader';
import { analyzeAudio } from './audio-analysis';

describe('analyzeAudio', () => {
  it('measures an uploaded 8-bar loop end to end: decode from WAV bytes, then tempo, key, loudness, peaks', () => {
    const bpm = 93;
    const drums = drumLoop({ bpm, bars: 8, pattern: 'boomBap', seed: 5 }).audio;
    const chords = chordProgression({ key: 'G', mode: 'Minor', progression: ['i', 'VI', 'III', 'VII'], bpm, repeats: 2, seed: 5 }).audio;
    const mixed = { sampleRate: 44_100, channels: [0, 1].map((c) => drums.channels[c].map((v, i) => 0.6 * v + chords.channels[c][i])) };
    const { audio } = decodeWav(encodeWav(mixed, { bitDepth: 24 }));
    const analysis = analyzeAudio(audio, { peakBuckets: 200 });
    expect(Math.abs(analysis.duration - (8 * 4 * 60) / bpm)).toBeLessThan(1e-4);
    expect(Math.abs(analysis.tempo.bpm - bpm)).toBeLessThan(1);
    expect(analysis.tempo.bars).toBe(8);
    expect(analysis.key).toMatchObject({ key: 'G', mode: 'Minor' });
    expect(analysis.truePeakDb).toBeGreaterThanOrEqual(analysis.samplePeakDb);
    expect(analysis.loudness).toBeLessThan(analysis.truePeakDb);
    expect(analysis.loudness).toBeGreaterThan(-40);
    expect(analysis.peaks).toHaveLength(200);
  });
});
