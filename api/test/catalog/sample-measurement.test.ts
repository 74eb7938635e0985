import { bpmDisagrees, measureFile, measureMix } from '../../src/modules/catalog/sample-measurement';
import { drumWav, melodyWav } from '../support/wav-fixtures';

const file = (name: string, bytes: Buffer) => ({ name, bytes });

describe('bpmDisagrees', () => {
  it('takes a reading within 1 BPM of the declared tempo, or of its half or double, as agreement', () => {
    expect(bpmDisagrees(140, 140.6)).toBe(false);
    expect(bpmDisagrees(60, 120)).toBe(false);
    expect(bpmDisagrees(60, 30.2)).toBe(false);
    expect(bpmDisagrees(230, 115)).toBe(false);
    expect(bpmDisagrees(100, null)).toBe(false);
  });

  it('flags any other reading', () => {
    expect(bpmDisagrees(140, 141.5)).toBe(true);
    expect(bpmDisagrees(100, 140)).toBe(true);
    expect(bpmDisagrees(120, 80)).toBe(true);
    expect(bpmDisagrees(60, 180)).toBe(true);
  });
});

describe('the tempo of an upload, looked for near the declared one', () => {
  it.each([
    [40, 4],
    [60, 8],
    [230, 8],
    [250, 8],
  ])('reads a drum loop declared at its true %i BPM (%i bars) as that tempo, not flagged', (bpm, bars) => {
    const { detectedBpm } = measureFile(file('loop.wav', drumWav(bpm, bars)), bpm);
    expect(Math.abs(detectedBpm! - bpm)).toBeLessThanOrEqual(1);
    expect(bpmDisagrees(bpm, detectedBpm)).toBe(false);
  });

  it('flags a loop declared at 100 BPM that really is at 140 (7 bars at 140 last as long as 5 at 100)', () => {
    const { detectedBpm } = measureFile(file('loop.wav', drumWav(140, 7)), 100);
    expect(Math.abs(detectedBpm! - 140)).toBeLessThanOrEqual(1);
    expect(bpmDisagrees(100, detectedBpm)).toBe(true);
  });

  it('reads a melody stem with a pulse at its declared 150 BPM', () => {
    const { detectedBpm } = measureMix([file('arp.wav', melodyWav('A', 'Minor', 150, 1, 'arpeggio'))], 150);
    expect(Math.abs(detectedBpm! - 150)).toBeLessThanOrEqual(1);
    expect(bpmDisagrees(150, detectedBpm)).toBe(false);
  });

  it('reads no tempo in held chords (no beat to hear), which are then not flagged', () => {
    const { detectedBpm, detectedKey } = measureMix([file('pad.wav', melodyWav('C', 'Major', 150))], 150);
    expect(detectedBpm).toBeNull();
    expect(detectedKey).toBe('C');
  });
});
