import type { AudioData } from '../audio-buffer';
import { createAudio } from '../audio-buffer';
import { stemAudio, stemPeak, stemPeakBound, stemPeakBounds, stemSource, stemsGain, stemWav } from './layer-stems';
import { dbToGain, ENGINE_SAMPLE_RATE } from '../units';
import { decodeWav, encodeWav } from '../wav';
import { mixArrangement, renderPrepared, type RenderedBeat } from './render-arrangement';
import { prepareLoops, type PreparedLoop } from './loop-preparer';
import { demoBeat, mapSampleSource } from './synth-loops.testing';
import { stemsSumErrorDb } from './stems-sum.testing';
import type { Arrangement } from './arrangement';
import { samplePeak } from '../encode/mp3-encoder';
import { DUCK_DEPTH_DB } from './layer-mixing';

describe('stems (one per layer, for licences)', () => {
  // 6 layers with the 808 ducked under the kick; the last layer muted everywhere, so one stem is silence.
  const beat = demoBeat({ layerCount: 6, structure: ['I', 'V', 'C', 'O'], bpm: 140, sourceBpm: 150 });
  const silent = beat.arrangement.layers[beat.arrangement.layers.length - 1].id;
  const arrangement: Arrangement = {
    ...beat.arrangement,
    sections: beat.arrangement.sections.map((section) => ({
      ...section,
      parts: section.parts.map((part) => (part.layerId === silent ? { ...part, transform: { ...part.transform, muted: true } } : part)),
    })),
  };
  let loops: Map<string, PreparedLoop>;
  let rendered: RenderedBeat;
  let mix: AudioData;

  beforeAll(async () => {
    loops = await prepareLoops(arrangement, mapSampleSource(beat.samples));
    rendered = renderPrepared(arrangement, loops, { stems: true });
    // The mix before the master bus, copied out of the per-thread buffer it is mixed into.
    const mixed = mixArrangement(arrangement, loops);
    mix = { sampleRate: mixed.mix.sampleRate, channels: mixed.mix.channels.map((channel) => channel.slice()) };
  });

  it('gives one stem per layer of the arrangement, each as long as the master', () => {
    expect(Object.keys(rendered.stems!).sort()).toEqual(arrangement.layers.map((layer) => layer.id).sort());
    for (const stem of Object.values(rendered.stems!)) {
      expect(stem.channels).toHaveLength(2);
      for (const channel of stem.channels) expect(channel.length).toBe(rendered.master.channels[0].length);
    }
    expect(samplePeak(rendered.stems![silent].channels)).toBe(0);
  });

  it('sums to the mix before the master bus (at the stems gain) within -60 dB', () => {
    const gain = dbToGain(rendered.masterReport.gainDb + (rendered.stemsTrimDb ?? 0));
    expect(stemsSumErrorDb(Object.values(rendered.stems!), mix, gain)).toBeLessThan(-60);
    // The check can fail: one layer left out is far from the mix.
    const missingOne = Object.entries(rendered.stems!).filter(([id]) => id !== arrangement.layers[0].id).map(([, stem]) => stem);
    expect(stemsSumErrorDb(missingOne, mix, gain)).toBeGreaterThan(-30);
  });

  it('still sums to the mix within -60 dB after 24-bit WAV encoding, and no stem passes full scale', () => {
    const gain = dbToGain(rendered.masterReport.gainDb + (rendered.stemsTrimDb ?? 0));
    const decoded = Object.values(rendered.stems!).map((stem) => decodeWav(encodeWav(stem, { bitDepth: 24 })).audio);
    expect(stemsSumErrorDb(decoded, mix, gain)).toBeLessThan(-60);
    expect(samplePeak(Object.values(rendered.stems!).flatMap((stem) => stem.channels))).toBeLessThan(1);
  });

  it('leaves the master bit-identical whether stems are rendered or not', () => {
    const plain = renderPrepared(arrangement, loops);
    plain.master.channels.forEach((channel, c) => expect(Buffer.from(channel.buffer, channel.byteOffset, channel.byteLength)
      .equals(Buffer.from(rendered.master.channels[c].buffer, rendered.master.channels[c].byteOffset, rendered.master.channels[c].byteLength))).toBe(true));
  });

  it('writes each stem straight to a 24-bit WAV (rendered, scaled and encoded in one pass) byte for byte as the float stem encodes', () => {
    const sources = arrangement.layers.map((layer) => stemSource(arrangement, loops, layer.id));
    const bounds = stemPeakBounds(arrangement, loops);
    expect(bounds).toEqual(sources.map(stemPeakBound));
    const { gain, trimDb } = stemsGain(bounds, rendered.masterReport.gainDb);
    expect(trimDb).toBe(rendered.stemsTrimDb);
    // The ducked 808 is among them: its block-by-block sidechain is the mix's.
    expect(arrangement.layers.some((layer) => layer.sidechain === 'ducked')).toBe(true);
    for (const source of sources) {
      const id = source.layer.timeline.layer.id;
      const wav = Buffer.from(stemWav(source, gain));
      expect(wav.equals(Buffer.from(encodeWav(rendered.stems![id], { bitDepth: 24 })))).toBe(true);
      const audio = stemAudio(source, gain, (frames, channels) => createAudio(frames, ENGINE_SAMPLE_RATE, channels).channels);
      expect(wav.equals(Buffer.from(encodeWav(audio, { bitDepth: 24 })))).toBe(true);
    }
  });

  it('bounds each stem\'s peak from its segments, never below the rendered peak and close to it', () => {
    for (const layer of arrangement.layers) {
      const source = stemSource(arrangement, loops, layer.id);
      const [bound, peak] = [stemPeakBound(source), stemPeak(source)];
      expect(bound).toBeGreaterThanOrEqual(peak);
      if (layer.id === silent) expect(bound).toBe(0);
      // Crossfades count as the louder loop: within 0.01 dB of the truth, except under the duck.
      else if (layer.sidechain === 'ducked') expect(bound).toBeLessThanOrEqual(peak * dbToGain(DUCK_DEPTH_DB));
      else expect(bound).toBeLessThanOrEqual(peak * dbToGain(0.01));
    }
    // Segments that overlap outside a crossfade count in full: the same loop twice at once bounds twice.
    const source = stemSource(arrangement, loops, arrangement.layers[0].id);
    const [first] = source.layer.segments;
    const doubled = { ...source, layer: { ...source.layer, segments: [first, { ...first }] } };
    expect(stemPeakBound(doubled)).toBeCloseTo(2 * stemPeakBound({ ...source, layer: { ...source.layer, segments: [first] } }), 9);
  });

  it('trims every stem by the same gain when the loudest would pass full scale', () => {
    expect(stemsGain([0.5, 0.9], 0)).toEqual({ gain: 1, trimDb: 0 });
    const loud = stemsGain([0.5, 2], 0);
    expect(loud.gain).toBeCloseTo(0.999 / 2, 12);
    expect(loud.trimDb).toBeCloseTo(20 * Math.log10(0.999 / 2), 9);
    expect(stemsGain([], -3)).toEqual({ gain: 10 ** (-3 / 20), trimDb: 0 });
  });

  it('refuses a layer the arrangement does not have', () => {
    expect(() => stemSource(arrangement, loops, 'no-such-layer')).toThrow('no layer no-such-layer');
  });
});
