// Synthesised loops for browser tests that need a catalogue: whole bars, 16-bit mono WAV.
const RATE = 44_100;
const NOTES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32_000), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const framesOf = (bpm, bars) => Math.round((bars * 4 * 60 * RATE) / bpm);
const hz = (semitonesFromA4) => 440 * 2 ** (semitonesFromA4 / 12);

/** Four chords of two bars in a key, plucked on every beat so the tempo is audible. */
export function melodyWav({ key, mode, bpm, bars = 8, voice = 1 }) {
  const frames = framesOf(bpm, bars);
  const out = new Float32Array(frames);
  const root = NOTES.indexOf(key) - 9; // semitones from A4
  const third = mode === 'Major' ? 4 : 3;
  const degrees = mode === 'Major' ? [0, 7, 9, 5] : [0, 8, 3, 10]; // I V vi IV / i VI III VII
  const beat = (60 / bpm) * RATE;
  for (let i = 0; i < frames; i++) {
    const bar = Math.floor(i / (beat * 4));
    const chordRoot = root + degrees[Math.floor(bar / 2) % 4] - 12;
    const sinceBeat = (i % beat) / RATE;
    const env = Math.exp(-sinceBeat * 3) * 0.9 + 0.1;
    const t = i / RATE;
    let v = 0;
    for (const interval of [0, third, 7, 12]) v += Math.sin(2 * Math.PI * hz(chordRoot + interval + (voice > 1 ? 12 : 0)) * t);
    out[i] = (v / 4) * env * 0.6;
  }
  return wav(out);
}

/** A drum loop of one type: kicks on 1 and 3, snares on 2 and 4, eighth-note hats, or an 808 on the key's root. */
export function drumWav({ type, bpm, bars = 8, key = 'F' }) {
  const frames = framesOf(bpm, bars);
  const out = new Float32Array(frames);
  const beat = (60 / bpm) * RATE;
  let seed = 7;
  const noise = () => ((seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32) * 2 - 1;
  for (let i = 0; i < frames; i++) {
    const inBeat = i % beat;
    const beatIndex = Math.floor(i / beat) % 4;
    const t = inBeat / RATE;
    if (type === 'Kicks' && (beatIndex === 0 || beatIndex === 2)) out[i] = Math.sin(2 * Math.PI * (50 + 90 * Math.exp(-t * 30)) * t) * Math.exp(-t * 8);
    else if (type === 'Snares' && (beatIndex === 1 || beatIndex === 3)) out[i] = noise() * Math.exp(-t * 18) * 0.7;
    else if (type === 'Hihats') {
      const t8 = (i % (beat / 2)) / RATE;
      out[i] = noise() * Math.exp(-t8 * 60) * 0.4;
    } else if (type === '808s' && beatIndex === 0) out[i] = Math.sin(2 * Math.PI * hz(NOTES.indexOf(key) - 9 - 36) * t) * Math.exp(-t * 1.5) * 0.9;
  }
  return wav(out);
}

export const dataUrl = (bytes) => `data:audio/wav;base64,${Buffer.from(bytes).toString('base64')}`;
