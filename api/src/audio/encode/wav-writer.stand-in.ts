import type { AudioData } from '../audio-buffer';

// Global `Math` is slow to look up under jest's sandbox; per-sample loops use a module binding.
const { round } = Math;

/**
 * TEMPORARY stand-in for the wav module's encodeWav (engineer A): PCM WAV, 16 or 24 bit,
 * little-endian, clipped to full scale. Delete when `wav/` provides it.
 */
export function encodeWavStandIn(audio: AudioData, bitDepth: 16 | 24 = 24): Uint8Array {
  const channels = audio.channels.length;
  const frames = audio.channels[0]?.length ?? 0;
  const bytesPerSample = bitDepth / 8;
  const dataBytes = frames * channels * bytesPerSample;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => { for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i); };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, audio.sampleRate, true);
  view.setUint32(28, audio.sampleRate * channels * bytesPerSample, true);
  view.setUint16(32, channels * bytesPerSample, true);
  view.setUint16(34, bitDepth, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  const scale = bitDepth === 24 ? 8_388_607 : 32_767;
  let at = 44;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) {
      const x = audio.channels[c][i];
      const v = round((x > 1 ? 1 : x < -1 ? -1 : x) * scale);
      out[at] = v & 0xff;
      out[at + 1] = (v >> 8) & 0xff;
      if (bitDepth === 24) out[at + 2] = (v >> 16) & 0xff;
      at += bytesPerSample;
    }
  }
  return out;
}
