import { decodeMp3 } from '../encode/mp3-decoder.testing';
import { decodeWav } from '../wav/wav-reader';
import { encodeWav } from '../wav/wav-writer';
import type { Arrangement } from '../render/arrangement';
import { demoBeat, mapSampleSource } from '../render/synth-loops.testing';
import { prepareLoops } from '../render/loop-preparer';
import { renderPrepared } from '../render/render-arrangement';
import { parseSampleOnsets, sampleOnsets, serialiseSampleOnsets } from '../warp/sample-onsets';
import { RENDER_PEAK_BUCKETS } from './render-job';
import { createRenderPool, type RenderPool } from './render-pool';

describe('createRenderPool (real worker threads)', () => {
  // A 40-second preview: I V C at 140 BPM with 6 layers, about 41 s.
  const preview = demoBeat({ layerCount: 6, structure: ['I', 'V', 'C'], bpm: 140, sourceBpm: 150 });
  const source = mapSampleSource(preview.samples);
  let pool: RenderPool;

  beforeAll(() => {
    pool = createRenderPool({ loadSample: source, size: 2, jobTimeoutMs: 120_000 });
  });
  afterAll(() => pool.close());

  it('renders a beat to a gapless MP3, a 24-bit WAV master, stems and analysis figures', async () => {
    const result = await pool.render({ arrangement: preview.arrangement, stems: true });
    const frames = Math.round(result.analysis.durationSeconds * 44_100);
    expect(result.analysis.durationSeconds).toBeCloseTo(24 * 4 * 60 / 140, 3);
    expect(Math.abs(result.analysis.integratedLufs + 14)).toBeLessThanOrEqual(0.5);
    expect(result.analysis.truePeakDbtp).toBeLessThanOrEqual(-1);
    // The player's waveform: normalised peaks, the loudest at 1.
    expect(result.analysis.peaks).toHaveLength(RENDER_PEAK_BUCKETS);
    expect(Math.max(...result.analysis.peaks)).toBe(1);
    expect(Math.min(...result.analysis.peaks)).toBeGreaterThanOrEqual(0);
    // WAV: RIFF header, 24-bit stereo, the master's length.
    const wav = Buffer.from(result.wav);
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(34)).toBe(24);
    expect(wav.readUInt32LE(40)).toBe(frames * 2 * 3);
    expect(Object.keys(result.stems!).sort()).toEqual(preview.arrangement.layers.map((l) => l.id).sort());
    // MP3: encoded in two chunks on two workers, decodes to exactly the master's length.
    const decoded = await decodeMp3(result.mp3);
    expect(decoded.errors).toBe(0);
    expect(decoded.channels[0].length).toBe(frames);
    // And matches the WAV master sample for sample within MP3 noise.
    let error = 0;
    let signal = 0;
    for (let i = 0; i < frames; i += 7) {
      const pcm = wav.readIntLE(44 + i * 6, 3) / 8_388_607;
      error += (decoded.channels[0][i] - pcm) ** 2;
      signal += pcm * pcm;
    }
    expect(10 * Math.log10(signal / error)).toBeGreaterThan(15);
  });

  it('writes the stems on the workers byte for byte as a render in one thread encodes them, each handed on as it is written', async () => {
    const handed: [string, Uint8Array][] = [];
    const result = await pool.render({ arrangement: preview.arrangement, stems: true }, { onStem: (layerId, wav) => handed.push([layerId, wav]) });
    // Handed on one by one, not kept in the result as well.
    expect(result.stems).toBeUndefined();
    expect(handed.map(([id]) => id).sort()).toEqual(preview.arrangement.layers.map((l) => l.id).sort());
    const reference = renderPrepared(preview.arrangement, await prepareLoops(preview.arrangement, source), { stems: true });
    for (const [id, wav] of handed) expect(Buffer.from(wav).equals(Buffer.from(encodeWav(reference.stems![id], { bitDepth: 24 })))).toBe(true);
    // The master is the same with or without stems.
    expect(Buffer.from(result.wav).equals(Buffer.from((await pool.render({ arrangement: preview.arrangement })).wav))).toBe(true);
  });

  it('renders the stems beside the master when the master gain is known, and writes them again when the master lands elsewhere', async () => {
    const plain = await pool.render({ arrangement: preview.arrangement, stems: true });
    const gainDb = plain.analysis.master.gainDb;
    const stemsOf = async (expectedMasterGainDb: number) => {
      const handed = new Map<string, Buffer>();
      const result = await pool.render({ arrangement: preview.arrangement, stems: true, expectedMasterGainDb }, { onStem: (id, wav) => handed.set(id, Buffer.from(wav)) });
      expect(result.analysis.master.gainDb).toBe(gainDb);
      return handed;
    };
    // The right gain: the same stems, rendered while the master was.
    const ahead = await stemsOf(gainDb);
    // A wrong one (an engine that changed since the beat was made): the stems at the gain the master got, never the guess.
    const wrong = await stemsOf(gainDb - 3);
    for (const [id, wav] of Object.entries(plain.stems!)) {
      expect(ahead.get(id)!.equals(Buffer.from(wav))).toBe(true);
      expect(wrong.get(id)!.equals(Buffer.from(wav))).toBe(true);
    }
  });

  // The event loop's worst stall during renders is a figure of the bench, not asserted here.
  it('renders two arrangements at once, identically', async () => {
    const results = await Promise.all([pool.render({ arrangement: preview.arrangement }), pool.render({ arrangement: preview.arrangement })]);
    expect(results).toHaveLength(2);
    expect(Buffer.from(results[0].mp3).equals(Buffer.from(results[1].mp3))).toBe(true);
  });

  it('lets a foreground job overtake a background one that started first', async () => {
    // One worker, nothing cached: a FIFO would finish the background job first.
    const single = createRenderPool({ loadSample: source, size: 1, jobTimeoutMs: 120_000 });
    try {
      const other = demoBeat({ layerCount: 6, structure: ['I', 'V', 'C'], bpm: 132, sourceBpm: 150 });
      const order: string[] = [];
      const background = single.render({ arrangement: preview.arrangement }, { background: true }).then(() => order.push('background'));
      const foreground = single.render({ arrangement: other.arrangement }).then(() => order.push('foreground'));
      await Promise.all([background, foreground]);
      expect(order).toEqual(['foreground', 'background']);
    } finally {
      await single.close();
    }
  });

  it('serves jobs in arrival order, a job\'s tasks before a later job\'s, with background work last', async () => {
    // One worker, nothing cached, every job at its own tempo (no shared warps). With tasks shared in
    // the order they came, the later jobs' warps (queued at once) run before the first job's mix,
    // so every job finishes late together; served job by job, a later job only fills the gaps
    // between an earlier job's tasks and reaches its mix after the earlier job has finished.
    const single = createRenderPool({ loadSample: source, size: 1, jobTimeoutMs: 120_000 });
    try {
      const at = (bpm: number): Arrangement => ({
        ...preview.arrangement,
        bpm,
        sections: preview.arrangement.sections.map((s) => ({ ...s, parts: s.parts.map((p) => ({ ...p, transform: { ...p.transform, toBpm: bpm } })) })),
      });
      const events: string[] = [];
      const submit = (name: string, bpm: number, background = false) =>
        single.render({ arrangement: at(bpm) }, { background, onPhase: (phase) => events.push(`${name}:${phase}`) }).then(() => events.push(`${name}:done`));
      // The background job comes first, and its first warp takes the idle worker at once.
      const jobs = [submit('sample', 128, true), submit('a', 133), submit('b', 136), submit('c', 139)];
      await Promise.all(jobs);
      const index = (event: string) => events.indexOf(event);
      expect(index('a:done')).toBeLessThan(index('b:mixing'));
      expect(index('b:done')).toBeLessThan(index('c:mixing'));
      expect(index('c:done')).toBeLessThan(index('sample:mixing'));
      expect(events.filter((e) => e.endsWith(':done'))).toEqual(['a:done', 'b:done', 'c:done', 'sample:done']);
    } finally {
      await single.close();
    }
    // Four whole beats on one worker: minutes on a loaded two-core machine (no time is asserted).
  }, 300_000);

  it('decodes samples given as WAV files in its workers: the same beat as from the decoded audio', async () => {
    const files = new Map([...preview.samples].map(([id, audio]) => [id, encodeWav(audio, { bitDepth: 24 })]));
    const decoded = mapSampleSource(new Map([...files].map(([id, file]) => [id, decodeWav(file).audio])));
    const fromFiles = createRenderPool({ loadSample: async (id) => files.get(id)!, size: 2 });
    const fromAudio = createRenderPool({ loadSample: decoded, size: 2 });
    try {
      const [a, b] = await Promise.all([fromFiles.render({ arrangement: preview.arrangement }), fromAudio.render({ arrangement: preview.arrangement })]);
      expect(Buffer.from(a.wav).equals(Buffer.from(b.wav))).toBe(true);
      expect(Buffer.from(a.mp3).equals(Buffer.from(b.mp3))).toBe(true);
    } finally {
      await Promise.all([fromFiles.close(), fromAudio.close()]);
    }
  });

  it('warps a sample delivered with its stored onsets without detecting them: the same beat as one whose onsets were detected', async () => {
    const files = new Map([...preview.samples].map(([id, audio]) => [id, encodeWav(audio, { bitDepth: 24 })]));
    // As the catalogue stores them: measured on the file's decoded audio, kept as JSON, parsed back.
    const stored = new Map([...files].map(([id, file]) => {
      const audio = decodeWav(file).audio;
      return [id, parseSampleOnsets(JSON.parse(JSON.stringify(serialiseSampleOnsets(sampleOnsets(audio), audio.sampleRate))))];
    }));
    const withOnsets = createRenderPool({ loadSample: async (id) => ({ file: files.get(id)!, onsets: stored.get(id) }), size: 2 });
    // A row stored before onsets were: its file alone.
    const without = createRenderPool({ loadSample: async (id) => ({ file: files.get(id)! }), size: 2 });
    try {
      const [a, b] = await Promise.all([withOnsets.render({ arrangement: preview.arrangement }), without.render({ arrangement: preview.arrangement })]);
      expect(withOnsets.onsetDetections()).toBe(0);
      // Each of the 12 samples detected once, in whichever worker warped it.
      expect(without.onsetDetections()).toBe(preview.samples.size);
      expect(Buffer.from(a.wav).equals(Buffer.from(b.wav))).toBe(true);
      expect(Buffer.from(a.mp3).equals(Buffer.from(b.mp3))).toBe(true);
      // Warped again at another tempo, the pool that detected them reuses what it found.
      const at133: Arrangement = {
        ...preview.arrangement,
        bpm: 133,
        sections: preview.arrangement.sections.map((s) => ({ ...s, parts: s.parts.map((p) => ({ ...p, transform: { ...p.transform, toBpm: 133 } })) })),
      };
      await without.render({ arrangement: at133 });
      expect(without.onsetDetections()).toBe(preview.samples.size);
    } finally {
      await Promise.all([withOnsets.close(), without.close()]);
    }
  });

  it('warps each loop once for all workers and jobs, through one shared cache', async () => {
    // The first test warped the 12 loops of the preview (6 layers x 2 variants); later jobs, on
    // whichever worker, found them all.
    const before = pool.cacheStats();
    expect(before.entries).toBe(12);
    expect(before.misses).toBe(12);
    const again = await pool.render({ arrangement: preview.arrangement });
    expect(again.timings.prepareMs).toBeGreaterThanOrEqual(0);
    const after = pool.cacheStats();
    expect(after.misses).toBe(12);
    expect(after.hits - before.hits).toBe(12);
    // An edit (one layer moved a semitone) warps that layer's loops only.
    const edited: Arrangement = {
      ...preview.arrangement,
      sections: preview.arrangement.sections.map((s) => ({
        ...s, parts: s.parts.map((p) => (p.layerId === 'melody-keys' ? { ...p, transform: { ...p.transform, semitones: 2 } } : p)),
      })),
    };
    await pool.render({ arrangement: edited });
    expect(pool.cacheStats().misses).toBe(12 + 2);
  });

  it('re-encodes only the MP3 chunks an edit reached, when the edit keeps the master gain, and ends with the same file as a fresh render', async () => {
    const original = await pool.render({ arrangement: preview.arrangement });
    // 41 s is 1575 frames: 4 chunks on the 512-frame grid.
    expect(original.mp3Chunks.total).toBe(4);
    // The edit: the hats muted in the last section (the chorus, from 27 s), starting from the same gain.
    const last = preview.arrangement.sections.length - 1;
    const edited: Arrangement = {
      ...preview.arrangement,
      master: { startGainDb: original.analysis.master.gainDb },
      sections: preview.arrangement.sections.map((s, i) => ({
        ...s, parts: s.parts.map((p) => (i === last && p.layerId === 'hihats' ? { ...p, transform: { ...p.transform, muted: true } } : p)),
      })),
    };
    const edit = await pool.render({ arrangement: edited });
    expect(edit.analysis.master.rounds).toBe(1);
    expect(edit.analysis.master.gainDb).toBe(original.analysis.master.gainDb);
    expect(edit.mp3Chunks.reused).toBeGreaterThanOrEqual(2);
    expect(edit.mp3Chunks.reused).toBeLessThan(edit.mp3Chunks.total);
    // Reused chunks are the chunks a fresh encode makes: the file is the same bit for bit.
    const fresh = createRenderPool({ loadSample: source, size: 2 });
    try {
      const again = await fresh.render({ arrangement: edited });
      expect(again.mp3Chunks.reused).toBe(0);
      expect(Buffer.from(again.mp3).equals(Buffer.from(edit.mp3))).toBe(true);
      expect(Buffer.from(again.wav).equals(Buffer.from(edit.wav))).toBe(true);
    } finally {
      await fresh.close();
    }
    expect(Buffer.from(edit.mp3).equals(Buffer.from(original.mp3))).toBe(false);
  });

  it('encodes the MP3 again when the master changed after its early encoding began: the file a fresh pool makes', async () => {
    // A start gain 6 dB off: the first limiter run (whose chunks the other worker starts encoding
    // at once) misses the loudness target, and a second run rewrites the master.
    const first = await pool.render({ arrangement: preview.arrangement });
    const offset: Arrangement = { ...preview.arrangement, master: { startGainDb: first.analysis.master.gainDb - 6 } };
    const result = await pool.render({ arrangement: offset });
    expect(result.analysis.master.limiterRuns).toBeGreaterThan(1);
    expect(Math.abs(result.analysis.integratedLufs + 14)).toBeLessThanOrEqual(0.5);
    const fresh = createRenderPool({ loadSample: source, size: 2 });
    try {
      const again = await fresh.render({ arrangement: offset });
      expect(Buffer.from(again.wav).equals(Buffer.from(result.wav))).toBe(true);
      expect(Buffer.from(again.mp3).equals(Buffer.from(result.mp3))).toBe(true);
    } finally {
      await fresh.close();
    }
    // And a render that reuses this pool's chunks still makes the same file.
    const repeat = await pool.render({ arrangement: offset });
    expect(repeat.mp3Chunks.reused).toBe(repeat.mp3Chunks.total);
    expect(Buffer.from(repeat.mp3).equals(Buffer.from(result.mp3))).toBe(true);
  });

  it('hands the onsets found in a sample to its later warps: the same beat as a pool that detects them afresh', async () => {
    // This pool warped every sample of the preview already (at 140 BPM), so it knows their onsets.
    const at129: Arrangement = {
      ...preview.arrangement,
      bpm: 129,
      sections: preview.arrangement.sections.map((s) => ({ ...s, parts: s.parts.map((p) => ({ ...p, transform: { ...p.transform, toBpm: 129, semitones: p.layerId === '808s' ? 3 : 0 } })) })),
    };
    const known = await pool.render({ arrangement: at129 });
    const fresh = createRenderPool({ loadSample: source, size: 2 });
    try {
      const afresh = await fresh.render({ arrangement: at129 });
      expect(Buffer.from(afresh.wav).equals(Buffer.from(known.wav))).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('lets a job whose warps another job shared and then abandoned (timed out) warp them again', async () => {
    const fresh: Arrangement = {
      ...preview.arrangement,
      bpm: 137,
      sections: preview.arrangement.sections.map((s) => ({ ...s, parts: s.parts.map((p) => ({ ...p, transform: { ...p.transform, toBpm: 137 } })) })),
    };
    // Both need the same 12 new warps; the first gives up after 1 ms, killing the warps it started.
    const misses = pool.cacheStats().misses;
    const abandoned = pool.render({ arrangement: fresh }, { timeoutMs: 1 });
    const patient = pool.render({ arrangement: fresh });
    await expect(abandoned).rejects.toThrow('timed out after 1 ms');
    const result = await patient;
    expect(result.analysis.durationSeconds).toBeCloseTo((24 * 4 * 60) / 137, 3);
    // The second job started its own warps after the first one's were stopped.
    expect(pool.cacheStats().misses - misses).toBeGreaterThan(12);
    expect(pool.cacheStats().pending).toBe(0);
  });

  it('reports the phases of a job in order, each once: drums, melody, mixing, mastering', async () => {
    const phases: string[] = [];
    const fresh: Arrangement = {
      ...preview.arrangement,
      bpm: 131,
      sections: preview.arrangement.sections.map((s) => ({ ...s, parts: s.parts.map((p) => ({ ...p, transform: { ...p.transform, toBpm: 131 } })) })),
    };
    await pool.render({ arrangement: fresh }, { onPhase: (phase) => phases.push(phase) });
    expect(phases).toEqual(['drums', 'melody', 'mixing', 'mastering']);
    // All cached now: the same phases, passed at once.
    phases.length = 0;
    await pool.render({ arrangement: fresh }, { onPhase: (phase) => phases.push(phase) });
    expect(phases).toEqual(['drums', 'melody', 'mixing', 'mastering']);
  });

  it('rejects a job that throws and keeps serving others', async () => {
    const broken: Arrangement = {
      ...preview.arrangement,
      sections: preview.arrangement.sections.map((s) => ({ ...s, parts: s.parts.map((p) => ({ ...p, sample: { ...p.sample, sampleId: 'missing' } })) })),
    };
    await expect(pool.render({ arrangement: broken })).rejects.toThrow('Unknown sample missing');
    const after = await pool.render({ arrangement: preview.arrangement });
    expect(after.mp3.length).toBeGreaterThan(100_000);
  });

  it('stops a job past its time limit, replaces its worker, and goes on', async () => {
    const long = demoBeat({ layerCount: 6, structure: ['I', 'V', 'C', 'V', 'C', 'B', 'C', 'O', 'V', 'C'], bpm: 140, sourceBpm: 150 });
    const before = pool.threadIds();
    await expect(pool.render({ arrangement: long.arrangement }, { timeoutMs: 300 })).rejects.toThrow('timed out after 300 ms');
    const tiny = demoBeat({ layerCount: 2, structure: ['I'], bpm: 140, sourceBpm: 150, barsPerSection: 2 });
    const ok = await pool.render({ arrangement: tiny.arrangement });
    expect(ok.analysis.durationSeconds).toBeCloseTo((2 * 4 * 60) / 140, 3);
    // The stopped worker is replaced when its thread has exited, which may come after the tiny job.
    const replaced = () => pool.threadIds().filter((id) => !before.includes(id)).length;
    for (let waited = 0; replaced() === 0 && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(pool.threadIds()).toHaveLength(2);
    expect(replaced()).toBeGreaterThanOrEqual(1);
  });
});
