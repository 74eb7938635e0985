/**
 * Not a test (the suite matches *.test.ts only): a measurement lab for arrangement work. It plans and renders
 * the demo library's first compositions of each genre straight through the engine (no API, about 2 minutes)
 * and prints the figures of docs/arrangement-quality.md. Needs the quality test's demo cache in the temp dir.
 * Run: npx jest --testMatch '<rootDir>/test/lab/*.lab.ts' (LAB_KIND=full for full songs, LAB_N, LAB_GENRES).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderArrangement } from '../../src/audio/render/render-arrangement';
import { decodeWav } from '../../src/audio/wav';
import { planArrangement, type PlannedDrumLoop } from '../../src/modules/beats/arrangement-planner';
import { chooseStructure } from '../../src/modules/beats/song-structure';
import { planDemoLibrary } from '../../src/modules/catalog/demo-library/plan';
import { labelLoudness, measureBeat } from '../support/arrangement-measures';

const dir = '/tmp/ysm-test-demo-cache/demo-library/v3';
const lib = planDemoLibrary();
const load = async (id: string) => decodeWav(readFileSync(join(dir, id))).audio;
const KIND = (process.env.LAB_KIND ?? 'short') as 'short' | 'full';
const GENRES = (process.env.LAB_GENRES ?? 'Trap,Drill,Boom Bap,Lo-Fi,R&B,Afrobeats,Pop,Country').split(',');

it('lab', async () => {
  const lines: string[] = [];
  for (const g of GENRES) {
    const comps = lib.compositions.filter((c) => c.genre === g).slice(0, Number(process.env.LAB_N ?? 2));
    for (const [ci, comp] of comps.entries()) {
      const drums: PlannedDrumLoop[] = lib.drumLoops.filter((d) => d.genre === g && d.variant === ci % 3).map((d) => ({
        sampleId: `${d.id}/0.wav`, drumType: d.drumType, bpm: d.bpm, bars: 8, key: d.key, producerId: d.producerKey,
      }));
      const genre = g.toLowerCase();
      const structure = chooseStructure(KIND, genre, (n) => ci % n);
      const arrangement = planArrangement({
        bpm: comp.bpm, key: comp.key, mode: comp.mode, structure, genre,
        composition: { id: comp.id, bpm: comp.bpm, bars: 8, key: comp.key, mode: comp.mode, stems: comp.instruments.map((ins, i) => ({ sampleId: `${comp.id}/${i}.wav`, instrument: String(ins), producerId: comp.producerKey })) },
        drums,
      });
      const t0 = process.cpuUsage();
      const beat = await renderArrangement(arrangement, { loadSample: load });
      const cpu = process.cpuUsage(t0);
      const m = measureBeat(beat.master, beat.sections, arrangement.bpm);
      const v = labelLoudness(m, 'V'); const c = labelLoudness(m, 'C'); const i = labelLoudness(m, 'I');
      lines.push(`${g.padEnd(10)} ${structure.padEnd(10)} C-V ${c !== undefined && v !== undefined ? (c - v).toFixed(2) : '-'}  V-I ${i !== undefined && v !== undefined ? (v - i).toFixed(2) : '-'}  bnd ${m.boundaryDistances.map((d) => d.toFixed(1)).join(',')}  bar4 ${m.sections.map((s) => s.fourthBarDistance.toFixed(1)).join(',')} end ${m.endDropLu.toFixed(1)} lufs ${beat.masterReport.integratedLufs?.toFixed?.(2) ?? ''} cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)}s  sec ${m.sections.map((s) => `${s.label}${s.loudness.toFixed(1)}`).join(' ')}`);
    }
  }
  console.log(lines.join('\n'));
}, 600_000);
