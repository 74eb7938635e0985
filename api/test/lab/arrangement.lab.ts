/**
 * Not a test (the suite matches *.test.ts only): a measurement lab for arrangement work. It plans and renders
 * the demo library's first compositions of each genre straight through the engine (no API, about 2 minutes)
 * and prints the figures of docs/arrangement-quality.md. Needs the quality test's demo cache in the temp dir.
 * Run: npx jest --testMatch '<rootDir>/test/lab/arrangement.lab.ts' (LAB_KIND=full for full songs, LAB_N, LAB_GENRES;
 * LAB_DEBUG=1 prints each boundary's last bar against its section's typical bar, per beat and band).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderArrangement, decodeWav } from '../../src/audio';
import { planArrangement, type PlannedDrumLoop } from '../../src/modules/beats/arrangement-planner';
import { chooseStructure } from '../../src/modules/beats/song-structure';
import { planDemoLibrary } from '../../src/modules/catalog/demo-library/plan';
import { barByBarDistances, barPatterns, labelLoudness, measureBeat } from '../support/arrangement-measures';

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
      if (process.env.LAB_DEBUG) {
        // Per boundary: the last bar's level (dB) per beat and band (low, mid, high) minus the typical bar's.
        const bars = barPatterns(beat.master, arrangement.bpm);
        let at = 0;
        for (const s of m.sections.slice(0, -1)) {
          const n = arrangement.sections[m.sections.indexOf(s)].bars;
          const last = bars[at + n - 1];
          at += n;
          const cells = [0, 1, 2].map((band) => [0, 1, 2, 3].map((b) => {
            let sum = 0;
            for (let k = b * 4; k < b * 4 + 4; k++) sum += last[band * 16 + k] - s.typical[band * 16 + k];
            return (sum / 4).toFixed(0).padStart(4);
          }).join(''));
          lines.push(`   ${s.label}: ${s.lastBarDistance.toFixed(1)}  L${cells[0]} | M${cells[1]} | H${cells[2]}`);
        }
      }
      const verses = m.sections.filter((x) => x.label === 'V');
      if (verses.length > 1) lines.push(`   V2-V1 per bar ${barByBarDistances(verses[0], verses[1]).map((d) => d.toFixed(1)).join(' ')}; ending (dB per beat, last 0.4 s) ${m.endingDb.map((d) => d.toFixed(1)).join(' ')}`);
      lines.push(`${g.padEnd(10)} ${structure.padEnd(10)} C-V ${c !== undefined && v !== undefined ? (c - v).toFixed(2) : '-'}  V-I ${i !== undefined && v !== undefined ? (v - i).toFixed(2) : '-'}  bnd ${m.boundaryDistances.map((d) => d.toFixed(1)).join(',')}  bar4 ${m.sections.map((s) => s.fourthBarDistance.toFixed(1)).join(',')} end ${m.endDropLu.toFixed(1)} lufs ${beat.masterReport.integratedLufs?.toFixed?.(2) ?? ''} cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)}s  sec ${m.sections.map((s) => `${s.label}${s.loudness.toFixed(1)}`).join(' ')}`);
    }
  }
  console.log(lines.join('\n'));
}, 600_000);
