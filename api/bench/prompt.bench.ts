import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Lexicon } from '../src/modules/beats/prompt/lexicon';
import { parsePrompt, type PromptVocabulary } from '../src/modules/beats/prompt/prompt-parser';
import { distilWordVectors, embeddingsPackageFile, wordVectorCacheFile, WordVectors } from '../src/modules/beats/prompt/word-vectors';
import { planDemoLibrary } from '../src/modules/catalog/demo-library/plan';
import { tagKeysOf, TAG_KINDS, type TagKind } from '../src/modules/catalog/tags';
import { CASES } from '../test/beats/prompt-cases';
import type { BenchResult } from './harness';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The demo library's vocabulary, as the catalogue would give it (no database needed). */
function demoVocabulary(): PromptVocabulary {
  const plan = planDemoLibrary();
  const tags = new Map<TagKind, Set<string>>(TAG_KINDS.map((k) => [k, new Set<string>()]));
  const moodModes = new Map<string, { minor: number; major: number }>();
  for (const item of [...plan.compositions, ...plan.drumLoops]) {
    for (const key of tagKeysOf(item.tags)) tags.get(key.slice(0, key.indexOf(':')) as TagKind)!.add(key.slice(key.indexOf(':') + 1));
  }
  for (const c of plan.compositions) {
    for (const key of tagKeysOf(c.tags).filter((k) => k.startsWith('mood:'))) {
      const counts = moodModes.get(key.slice(5)) ?? { minor: 0, major: 0 };
      if (c.mode === 'Minor') counts.minor++;
      else counts.major++;
      moodModes.set(key.slice(5), counts);
    }
  }
  return { tags, moodModes };
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

const heapBytes = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/**
 * Reading prompts: distilling the word vectors (once per machine), loading them (once per process:
 * the start-up cost, with the memory they hold), and reading each prompt of the suite (p95 over
 * many passes; the first read of each word is included in the first pass only).
 */
export async function benchPrompt(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'ysm-bench-vectors-'));
  try {
    const file = wordVectorCacheFile(dir);
    const distilStart = performance.now();
    distilWordVectors(embeddingsPackageFile(), file);
    results.push({ name: 'distil word vectors (once per machine)', medianMs: performance.now() - distilStart, runs: 1, note: 'on a worker thread at first start' });

    const before = heapBytes();
    const loadStart = performance.now();
    const loadCpu = process.cpuUsage();
    const lexicon = new Lexicon(WordVectors.read(file));
    const loadMs = performance.now() - loadStart;
    const loadCpuMs = cpuMs(process.cpuUsage(loadCpu));
    const held = heapBytes() - before;
    results.push({ name: 'load the lexicon (vectors, VADER, artists)', medianMs: loadMs, runs: 1, target: 'target < 300 ms', note: `CPU ${loadCpuMs.toFixed(0)} ms; holds ${(held / 1e6).toFixed(1)} MB (target < 60 MB)` });

    const vocabulary = demoVocabulary();
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const firstPass: number[] = [];
    for (let pass = 0; pass < 30; pass++) {
      for (const c of CASES) {
        const start = performance.now();
        const cpu = process.cpuUsage();
        parsePrompt(c.prompt, vocabulary, lexicon);
        const used = cpuMs(process.cpuUsage(cpu));
        (pass === 0 ? firstPass : times).push(performance.now() - start);
        if (pass > 0) cpuTimes.push(used);
      }
    }
    const p = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))];
    results.push({ name: `read a prompt (${CASES.length} prompts x 29), p95`, medianMs: p(times, 0.95), runs: times.length, target: 'target < 5 ms', note: `median ${p(times, 0.5).toFixed(2)} ms; CPU p95 ${p(cpuTimes, 0.95).toFixed(2)} ms` });
    results.push({ name: 'read a prompt, first pass (new words), p95', medianMs: p(firstPass, 0.95), runs: firstPass.length, note: `max ${Math.max(...firstPass).toFixed(1)} ms` });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
