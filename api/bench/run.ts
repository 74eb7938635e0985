import { printResults } from './harness';
import { benchRender } from './render.bench';

/**
 * `npm run bench`: prints every figure beside its target. Engineers A and B add `benchDecode`
 * (./decode.bench) and `benchWarp` (./warp.bench) here, statically imported, once those files exist.
 */
async function main(): Promise<void> {
  printResults('render (sound engine)', await benchRender());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
