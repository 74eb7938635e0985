import { loopFrames } from '../../../audio';
import { fxKindOf, FX_KIND_BARS } from '../fx-kinds';
import { tagKeysOf } from '../tags';
import { FX_SOUND_BARS, planFxSounds, renderFxSound } from './fx-sounds';
import { planDemoLibrary } from './plan';
import { producersOf } from './producers';

/** RMS level (dBFS) of both channels between two frames. */
function levelDb(channels: readonly Float32Array[], from: number, to: number): number {
  let sum = 0;
  for (const ch of channels) for (let i = from; i < to; i++) sum += ch[i] * ch[i];
  return 10 * Math.log10(sum / (channels.length * (to - from)) + 1e-20);
}

describe('the demo library’s risers and impacts', () => {
  const plans = planFxSounds();

  it('are FX samples of the genres that use them, credited to the genre’s demo producers and named by their instruments', () => {
    expect(plans.length).toBeGreaterThanOrEqual(20);
    const ids = new Set(planDemoLibrary().drumLoops.map((d) => d.id));
    for (const plan of plans) {
      expect(ids.has(plan.id)).toBe(true);
      expect(plan.drumType).toBe('FX');
      expect(producersOf(plan.genre).map((p) => p.key)).toContain(plan.producerKey);
      // The catalogue finds them by their tags, as it finds a producer's upload.
      expect(fxKindOf(tagKeysOf(plan.tags))).toBe(plan.fx);
      expect(FX_KIND_BARS[plan.fx!]).toContain(plan.bars);
      expect(plan.tags.genres).toEqual([plan.genre]);
    }
    const kinds = (genre: string) => [...new Set(plans.filter((p) => p.genre === genre).map((p) => p.fx))].sort();
    expect(kinds('Trap')).toEqual(['impact', 'riser']);
    expect(kinds('Afrobeats')).toEqual(['impact', 'riser']);
    expect(kinds('Country')).toEqual(['impact']);
    expect(kinds('Lo-Fi')).toEqual([]);
    expect(kinds('Boom Bap')).toEqual([]);
    // The library's FX loops are not one-shots.
    for (const loop of planDemoLibrary().drumLoops.filter((d) => d.drumType === 'FX' && !d.fx)) expect(fxKindOf(tagKeysOf(loop.tags))).toBeNull();
  });

  it('render a riser that swells into its end and an impact that strikes and dies away, each exactly its bars long', () => {
    for (const variant of [0, 1]) {
      const riser = plans.find((p) => p.fx === 'riser' && p.variant === variant)!;
      const audio = renderFxSound(riser);
      const n = audio.channels[0].length;
      expect(n).toBe(loopFrames(FX_SOUND_BARS.riser, riser.bpm, 44_100));
      const quarter = Math.floor(n / 4);
      // The last quarter is far louder than the first: it rises.
      expect(levelDb(audio.channels, 3 * quarter, n) - levelDb(audio.channels, 0, quarter)).toBeGreaterThan(12);
      // It ends without a step (it fades over its last 4 ms) and stays under full scale.
      for (const ch of audio.channels) {
        expect(Math.abs(ch[n - 1])).toBeLessThan(1e-3);
        expect(Math.max(...ch.map(Math.abs))).toBeLessThan(0.8);
      }

      const impact = plans.find((p) => p.fx === 'impact' && p.variant === variant)!;
      const hit = renderFxSound(impact);
      const m = hit.channels[0].length;
      expect(m).toBe(loopFrames(FX_SOUND_BARS.impact, impact.bpm, 44_100));
      const strike = levelDb(hit.channels, 0, Math.round(0.1 * 44_100));
      // Loud on its first 100 ms, 30 dB down by its last eighth, silent at its end.
      expect(strike).toBeGreaterThan(-30);
      expect(strike - levelDb(hit.channels, Math.floor((7 * m) / 8), m)).toBeGreaterThan(30);
      for (const ch of hit.channels) expect(Math.abs(ch[m - 1])).toBeLessThan(1e-3);
    }
  });

  it('refuses a drum loop that is not a one-shot', () => {
    const loop = planDemoLibrary().drumLoops.find((d) => d.drumType === 'FX' && !d.fx)!;
    expect(() => renderFxSound(loop)).toThrow('is not a one-shot effect');
  });
});
