import type { AudioData } from '../audio-buffer';
import { integratedLoudness } from '../analysis/loudness';
import { bs1770TruePeakDb } from '../master/true-peak-oracle.testing';
import { ENGINE_SAMPLE_RATE, gainToDb } from '../units';
import { parseArrangement, type Arrangement } from './arrangement';
import { FADE_OUT_SECONDS } from './layer-timeline';
import { createLoopCache } from '../cache/loop-cache';
import type { PreparedLoop } from './loop-preparer';
import { renderArrangement, type RenderedBeat } from './render-arrangement';
import { demoBeat, mapSampleSource, padLoop } from './synth-loops.testing';
import { loopFrames } from '../warp/loop-length';

const RATE = ENGINE_SAMPLE_RATE;

function rmsDb(channel: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += channel[i] * channel[i];
  return gainToDb(Math.sqrt(sum / (to - from)));
}

function maxStep(channel: Float32Array, from: number, to: number): number {
  let largest = 0;
  for (let i = Math.max(1, from); i < to; i++) largest = Math.max(largest, Math.abs(channel[i] - channel[i - 1]));
  return largest;
}

describe('renderArrangement', () => {
  // 6 layers, I V C B C O at 140 BPM from loops recorded at 150: 48 bars, about 82 s.
  const beat = demoBeat({ layerCount: 6, structure: ['I', 'V', 'C', 'B', 'C', 'O'], bpm: 140, sourceBpm: 150 });
  const source = mapSampleSource(beat.samples);
  const cache = createLoopCache<PreparedLoop>({ maxBytes: 256 * 1024 * 1024 });
  let rendered: RenderedBeat;

  beforeAll(async () => {
    rendered = await renderArrangement(parseArrangement(JSON.stringify(beat.arrangement)), { loadSample: source, cache }, { stems: true });
  });

  it('masters to -14 LUFS within 0.5 LU with true peaks at or under -1 dBTP', () => {
    expect(Math.abs(integratedLoudness(rendered.master) + 14)).toBeLessThanOrEqual(0.5);
    expect(bs1770TruePeakDb(rendered.master.channels)).toBeLessThanOrEqual(-1);
  });

  it('starts every section on the exact frame of its bar, so long songs never drift', () => {
    let bars = 0;
    for (const span of rendered.sections) {
      expect(span.startFrame).toBe(loopFrames(bars, 140, RATE));
      bars += 8;
    }
    expect(rendered.master.channels[0].length).toBe(loopFrames(48, 140, RATE));
  });

  it('dips the 808 under the kick by several dB', async () => {
    // The same beat without the sidechain: the difference in the 808 stem is the ducking alone.
    const undocked: Arrangement = {
      ...beat.arrangement,
      layers: beat.arrangement.layers.map(({ sidechain: _sidechain, ...layer }) => layer),
    };
    const plain = await renderArrangement(undocked, { loadSample: source, cache }, { stems: true });
    const ducked808 = rendered.stems!['808s'].channels[0];
    const plain808 = plain.stems!['808s'].channels[0];
    const beatFrames = Math.round((60 / 140) * RATE);
    // Over verse 1 (bars 8-16): 40 ms after each kick (every beat) against the 40 ms before the next.
    const verse = rendered.sections[1];
    const under: number[] = [];
    const between: number[] = [];
    for (let b = 0; b < 32; b++) {
      const kickAt = verse.startFrame + b * beatFrames;
      const window = Math.round(0.04 * RATE);
      under.push(rmsDb(ducked808, kickAt, kickAt + window) - rmsDb(plain808, kickAt, kickAt + window));
      between.push(rmsDb(ducked808, kickAt + beatFrames - window, kickAt + beatFrames) - rmsDb(plain808, kickAt + beatFrames - window, kickAt + beatFrames));
    }
    const mean = (values: number[]) => values.reduce((a, v) => a + v, 0) / values.length;
    // Stems carry the master's gain, which differs between the two renders; compare dips relative to it.
    expect(mean(between) - mean(under)).toBeGreaterThan(3);
    expect(mean(between) - mean(under)).toBeLessThan(7);
  });

  it('joins sections without clicks: no layer steps at a join more than its own sound does elsewhere', () => {
    // Drums have instant attacks, so the master's steps at a join are judged per layer: a fade or
    // crossfade done wrong shows as a step larger than anything the loop itself contains.
    const guard = Math.round(FADE_OUT_SECONDS * RATE) + 64;
    const joins = rendered.sections.slice(1).map((span) => span.startFrame);
    for (const [id, stem] of Object.entries(rendered.stems!)) {
      const left = stem.channels[0];
      let elsewhere = 0;
      let from = 1;
      for (const join of [...joins, left.length + guard]) {
        elsewhere = Math.max(elsewhere, maxStep(left, from, join - guard));
        from = join + guard;
      }
      for (const join of joins) {
        expect({ id, join, step: maxStep(left, join - guard, join + guard) }).toEqual({ id, join, step: expect.any(Number) });
        expect(maxStep(left, join - guard, join + guard)).toBeLessThanOrEqual(1.05 * elsewhere);
      }
    }
  });

  it('renders the same arrangement bit-identically twice, from a cold and from a warm cache', async () => {
    const cold = await renderArrangement(beat.arrangement, { loadSample: mapSampleSource(beat.samples) });
    const warm = await renderArrangement(beat.arrangement, { loadSample: source, cache });
    for (const other of [cold, warm]) {
      other.master.channels.forEach((channel, c) => {
        expect(Buffer.from(channel.buffer, channel.byteOffset, channel.byteLength)
          .equals(Buffer.from(rendered.master.channels[c].buffer, rendered.master.channels[c].byteOffset, rendered.master.channels[c].byteLength))).toBe(true);
      });
    }
  });

  it("applies a layer's gain and a part's gain to that layer alone, in dB", async () => {
    // Stems carry the master's gain, which differs between renders: compare one layer to another.
    const [target, reference] = beat.arrangement.layers;
    const louder: Arrangement = {
      ...beat.arrangement,
      layers: beat.arrangement.layers.map((layer) => (layer.id === target.id ? { ...layer, gainDb: layer.gainDb + 6 } : layer)),
      sections: beat.arrangement.sections.map((section, i) => ({
        ...section,
        parts: section.parts.map((part) => (i === 2 && part.layerId === target.id ? { ...part, transform: { ...part.transform, gainDb: part.transform.gainDb - 4 } } : part)),
      })),
    };
    const changed = await renderArrangement(louder, { loadSample: source, cache }, { stems: true });
    const level = (r: RenderedBeat, id: string, section: number) => {
      const span = r.sections[section];
      return rmsDb(r.stems![id].channels[0], span.startFrame, span.startFrame + span.frames);
    };
    const relative = (r: RenderedBeat, section: number) => level(r, target.id, section) - level(r, reference.id, section);
    expect(relative(changed, 1) - relative(rendered, 1)).toBeCloseTo(6, 1);
    expect(relative(changed, 2) - relative(rendered, 2)).toBeCloseTo(2, 1);
  });

  it('warps each distinct loop once across renders through the cache', () => {
    // 6 layers x 2 variants, all loaded by the first render; later renders hit the cache only.
    expect(source.loads).toBe(12);
  });
});

describe('section joins with sustained sounds', () => {
  it('crossfades a held pad into another held pad with no step above the pads own slope', async () => {
    // Two pads a fifth apart and out of phase at the join: cut hard, the join would step by ~0.3.
    const samples = new Map<string, AudioData>([['pad-a', padLoop(140, 4, 220, 0.4)], ['pad-b', padLoop(140, 4, 331, 0.4)]]);
    const part = (id: string) => ({
      layerId: 'keys', sample: { sampleId: id, sourceBpm: 140, bars: 4 }, transform: { toBpm: 140, semitones: 0, gainDb: 0, muted: false },
    });
    const arrangement: Arrangement = {
      version: 1, bpm: 140, key: 'A', mode: 'minor',
      layers: [{ id: 'keys', role: 'melody', name: 'Keys', gainDb: 0 }],
      sections: [
        { label: 'V', bars: 4, parts: [part('pad-a')] },
        { label: 'C', bars: 4, parts: [part('pad-b')] },
        { label: 'B', bars: 4, parts: [] },
        { label: 'O', bars: 4, parts: [part('pad-a')] },
      ],
    };
    const { master, sections } = await renderArrangement(arrangement, { loadSample: mapSampleSource(samples) });
    const left = master.channels[0];
    // The pads' own largest step, away from joins: 3 sines up to ~500 Hz at this level.
    const steady = Math.max(maxStep(left, RATE, sections[1].startFrame - RATE), maxStep(left, sections[1].startFrame + RATE, sections[2].startFrame - RATE));
    for (const span of sections.slice(1)) {
      expect(maxStep(left, span.startFrame - 256, span.startFrame + 1024)).toBeLessThanOrEqual(1.1 * steady);
    }
    // And the song ends on silence, not a step.
    expect(Math.abs(left[left.length - 1])).toBeLessThan(1e-3);
  });
});
