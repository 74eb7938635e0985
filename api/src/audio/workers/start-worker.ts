import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread from a module given without extension, whether the code runs compiled
 * (`<module>.js` exists, as under dist/) or from TypeScript sources (jest transpiles only the
 * modules it loads itself, never a worker's). From sources, a small bootstrap registers a require
 * hook that compiles `.ts` with swc and the project's .swcrc (the transform jest uses), so the
 * worker runs the real code path.
 */
export function startWorker(modulePath: string, options: WorkerOptions = {}): Worker {
  const compiled = `${modulePath}.js`;
  if (existsSync(compiled)) return new Worker(compiled, options);
  const source = `${modulePath}.ts`;
  if (!existsSync(source)) throw new Error(`No worker entry ${compiled} or ${source}`);
  const swcOptions: unknown = JSON.parse(readFileSync(findSwcrc(dirname(source)), 'utf8'));
  return new Worker(TS_BOOTSTRAP, {
    ...options,
    eval: true,
    workerData: {
      ...(options.workerData as object | undefined),
      __tsBootstrap: { swcPath: require.resolve('@swc/core'), swcOptions, entry: source },
    },
  });
}

const TS_BOOTSTRAP = `
const { readFileSync } = require('node:fs');
const { workerData } = require('node:worker_threads');
const { swcPath, swcOptions, entry } = workerData.__tsBootstrap;
const swc = require(swcPath);
require.extensions['.ts'] = (module, filename) => {
  const source = readFileSync(filename, 'utf8');
  const { code } = swc.transformSync(source, { ...swcOptions, filename, swcrc: false, configFile: false });
  module._compile(code, filename);
};
require(entry);
`;

function findSwcrc(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, '.swcrc');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`No .swcrc above ${from} to run a worker from TypeScript sources`);
  }
}
