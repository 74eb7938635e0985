/**
 * Renders plan items to audio: a composition's stems and a drum loop, each exactly 8 bars at its
 * tempo by the engine's bar arithmetic, peak-normalised like a sample pack's files.
 */
import { createAudio, type AudioData } from '../../../audio/audio-buffer';
import { createRandom } from '../../../audio/random/seeded-random';
import { exactBarFrames, loopFrames } from '../../../audio/warp/loop-length';
import type { Key, Mode } from '../music-theory';
import {
  bass808, BASS_RELEASE_SECONDS, clapSound, cymbalSound, downlifter, hatSound, kickSound, percSound, reverseCymbal, riser, snareSound, vinyl,
  type KickTone, type SnareTone,
} from './drum-voices';
import { BARS, bassLine, drumPattern, isPercKind, type StepHit } from './drum-patterns';
import { genreProfile, type DemoGenre, type DemoInstrument } from './genres';
import { writePart } from './parts';
import type { CompositionPlan, DrumLoopPlan } from './plan';
import { midiToHz, mixHeld, mixMono, noiseSource, type LoopBuffer } from './synth-kit';
import { arp, bell, guitar, keys, lead, mutedGuitar, pad, piano, pluck, strings, type Voice } from './voices';

// Global `Math` is slow to reach from jest's sandbox; hot loops use module-level bindings.
const { abs, max: maxOf, round, floor } = Math;

export const DEMO_SAMPLE_RATE = 44_100;

/** Peak of every rendered file (-4 dBFS: true peaks stay under -1 dBTP). */
const PEAK = 0.63;
/** Amplitude of the noise floor (uniform; RMS about -105 dBFS, a third of a 16-bit step). */
const NOISE_FLOOR = 1e-5;

/** One rendered stem of a composition. */
export interface DemoStem {
  readonly instrument: DemoInstrument;
  readonly fileName: string;
  readonly audio: AudioData;
}

/** Maps 16th-note steps of an 8-bar loop to frames, delaying the off 16ths by the genre's swing. */
export class Grid {
  readonly frames: number;
  readonly sixteenth: number;
  constructor(readonly bpm: number, readonly swing: number, readonly sampleRate = DEMO_SAMPLE_RATE) {
    this.frames = loopFrames(BARS, bpm, sampleRate);
    this.sixteenth = exactBarFrames(1, bpm, sampleRate) / 16;
  }
  frame(step: number): number {
    const whole = floor(step);
    const swung = whole % 2 === 1 ? this.swing * this.sixteenth * (1 - (step - whole)) : 0;
    return round(step * this.sixteenth + swung);
  }
  steps(count: number): number {
    return round(count * this.sixteenth);
  }
}

function buffer(grid: Grid): LoopBuffer & { audio: AudioData } {
  const audio = createAudio(grid.frames, grid.sampleRate);
  return { left: audio.channels[0], right: audio.channels[1], sampleRate: grid.sampleRate, audio };
}

/**
 * Scales a loop so its sample peak is `peak` (loops arrive at a consistent level, like a pack's), over
 * a noise floor at about -105 dBFS, far below hearing, like the hiss of any recording. The floor also
 * keeps the 16-bit files free of digital silence, on which the engine's BS.1770 meter runs ~18 times
 * slower (denormal numbers in its K-weighting filter): that would cost every seeding and every beat
 * render that measures these loops.
 */
function normalise(audio: AudioData, seed: number, peak = PEAK): AudioData {
  let max = 0;
  for (const ch of audio.channels) for (let i = 0; i < ch.length; i++) max = maxOf(max, abs(ch[i]));
  const gain = max > 0 ? peak / max : 1;
  audio.channels.forEach((ch, c) => {
    const floorNoise = noiseSource(seed * 2 + c);
    for (let i = 0; i < ch.length; i++) ch[i] = ch[i] * gain + floorNoise() * NOISE_FLOOR;
  });
  return audio;
}

const VOICES: Record<DemoInstrument, Voice> = {
  Keys: keys, Piano: piano, Pad: pad, Strings: strings, Pluck: pluck, Arp: arp, Bells: bell, Lead: lead, Guitar: guitar,
};

/** Afrobeats guitar picks short, muted notes; everything else rings. */
const voiceFor = (genre: DemoGenre, instrument: DemoInstrument, steps: number): Voice =>
  instrument === 'Guitar' && steps < 2 && genre === 'Afrobeats' ? mutedGuitar : VOICES[instrument];

/** Velocities a voice whose timbre follows velocity is rendered at (the rest scale the nearest). */
const TIMBRE_LEVELS = [0.45, 0.7, 0.95];
const timbreLevel = (velocity: number) => TIMBRE_LEVELS.reduce((best, v) => (Math.abs(v - velocity) < Math.abs(best - velocity) ? v : best));

function renderStem(plan: CompositionPlan, instrument: DemoInstrument, index: number): AudioData {
  const grid = new Grid(plan.bpm, genreProfile(plan.genre).swing);
  const out = buffer(grid);
  const sr = grid.sampleRate;
  const notes = writePart(plan, instrument, index).map((note) => {
    const voice = voiceFor(plan.genre, instrument, note.steps);
    const timbre = voice.velocityTimbre ? timbreLevel(note.velocity) : 1;
    return { note, voice, timbre, held: grid.steps(note.steps), fade: round(voice.release * sr), key: `${note.midi}|${timbre}|${voice === mutedGuitar ? 'm' : ''}` };
  });
  // Each distinct note is rendered once, as long as its longest use, and replayed (a sampler).
  const longest = new Map<string, number>();
  for (const n of notes) longest.set(n.key, maxOf(longest.get(n.key) ?? 0, n.held + n.fade));
  const sounds = new Map<string, Float32Array>();
  notes.forEach((n, k) => {
    let sound = sounds.get(n.key);
    if (!sound) {
      sound = n.voice.render(sr, midiToHz(n.note.midi), n.timbre, longest.get(n.key)!, plan.seed * 7919 + index * 131 + k);
      sounds.set(n.key, sound);
    }
    mixHeld(out, grid.frame(n.note.step), sound, n.held, n.fade, n.note.pan, (n.voice.gain * n.note.velocity) / n.timbre);
  });
  return normalise(out.audio, plan.seed * 16 + index);
}

const slug = (text: string) => text.toLowerCase().replace(/#/g, 's').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A composition's stems (2 to 4), each exactly 8 bars at its tempo. */
export function renderComposition(plan: CompositionPlan): DemoStem[] {
  return plan.instruments.map((instrument, i) => ({
    instrument,
    fileName: `${slug(plan.genre)}-${slug(plan.key)}-${plan.mode.toLowerCase()}-${plan.bpm}bpm-${slug(instrument)}.wav`,
    audio: renderStem(plan, instrument, i),
  }));
}

/** The file name a drum loop is stored under: genre, type, tempo, key (808s), variant. */
export const drumLoopFileName = (plan: DrumLoopPlan): string =>
  `${slug(plan.genre)}-${slug(plan.drumType)}-${plan.bpm}bpm${plan.key ? `-${slug(plan.key)}-${plan.mode!.toLowerCase()}` : ''}-${plan.variant + 1}.wav`;

/** Each genre's drum sounds: boomy trap kicks, tight pop kicks, dusty boom bap snares, rimmy country. */
function kitOf(genre: DemoGenre, variant: number): { kick: KickTone; snare: SnareTone; hatDecay: number; hatBrightness: number; clap: number } {
  const v = variant % 3;
  switch (genre) {
    case 'Trap': return { kick: { punch: 190, body: 48, decay: 0.45, drive: 2.2 }, snare: { pitch: [200, 215, 185][v], decay: 0.16, snap: 0.75, brightness: 3800 }, hatDecay: 0.035, hatBrightness: 1.05, clap: 1400 };
    case 'Drill': return { kick: { punch: 210, body: 55, decay: 0.22, drive: 2.6 }, snare: { pitch: [230, 240, 220][v], decay: 0.12, snap: 0.85, brightness: 4500 }, hatDecay: 0.03, hatBrightness: 1.1, clap: 1600 };
    case 'Boom Bap': return { kick: { punch: 150, body: 60, decay: 0.3, drive: 2.8 }, snare: { pitch: [185, 200, 175][v], decay: 0.2, snap: 0.6, brightness: 2600 }, hatDecay: 0.05, hatBrightness: 0.85, clap: 1200 };
    case 'Lo-Fi': return { kick: { punch: 130, body: 58, decay: 0.3, drive: 1.6 }, snare: { pitch: [180, 170, 190][v], decay: 0.14, snap: 0.5, brightness: 2000 }, hatDecay: 0.03, hatBrightness: 0.7, clap: 1000 };
    case 'R&B': return { kick: { punch: 160, body: 50, decay: 0.38, drive: 1.8 }, snare: { pitch: [210, 220, 200][v], decay: 0.15, snap: 0.7, brightness: 3200 }, hatDecay: 0.03, hatBrightness: 1, clap: 1300 };
    case 'Afrobeats': return { kick: { punch: 170, body: 56, decay: 0.28, drive: 1.8 }, snare: { pitch: [330, 350, 310][v], decay: 0.09, snap: 0.55, brightness: 3000 }, hatDecay: 0.03, hatBrightness: 1, clap: 1500 };
    case 'Pop': return { kick: { punch: 180, body: 54, decay: 0.26, drive: 2.4 }, snare: { pitch: [200, 210, 190][v], decay: 0.17, snap: 0.72, brightness: 3600 }, hatDecay: 0.035, hatBrightness: 1.05, clap: 1500 };
    case 'Country': return { kick: { punch: 140, body: 62, decay: 0.24, drive: 1.5 }, snare: { pitch: [190, 205, 180][v], decay: 0.16, snap: 0.6, brightness: 2800 }, hatDecay: 0.04, hatBrightness: 0.9, clap: 1200 };
  }
}

function renderFx(plan: DrumLoopPlan, out: LoopBuffer): void {
  const bar = exactBarFrames(1, plan.bpm, DEMO_SAMPLE_RATE);
  const v = plan.variant % 3;
  if (v === 0) {
    for (const end of [4, 8]) riser(out, round(end * bar) - 1, round(bar * 2), plan.seed + end, 0.9);
  } else if (v === 1) {
    downlifter(out, 0, round(bar * 1.5), plan.seed, 0.9);
    reverseCymbal(out, round(4 * bar), round(bar), plan.seed + 4, 0.8);
  } else {
    downlifter(out, round(4 * bar), round(bar), plan.seed + 4, 0.8);
    riser(out, round(8 * bar) - 1, round(bar * 4), plan.seed + 8, 0.9);
    vinyl(out, plan.seed, 0.25);
  }
}

/** One drum loop of one drum type, exactly 8 bars at its tempo. */
export function renderDrumLoop(plan: DrumLoopPlan): AudioData {
  const grid = new Grid(plan.bpm, genreProfile(plan.genre).swing);
  const out = buffer(grid);
  const random = createRandom(plan.seed);

  if (plan.drumType === '808s') {
    const releaseSteps = (BASS_RELEASE_SECONDS * DEMO_SAMPLE_RATE) / grid.sixteenth;
    const line = bassLine(plan.genre, plan.variant, plan.key as Key, plan.mode as Mode).map((n) => ({
      frame: grid.frame(n.step),
      length: grid.steps(Math.min(n.gap, 12) - releaseSteps),
      hz: midiToHz(n.midi),
      glide: n.glide,
      velocity: 1,
    }));
    bass808(out, line, plan.genre === 'Drill' ? 2.8 : plan.genre === 'Trap' ? 2.2 : 1.6, plan.genre === 'Drill' ? 1.1 : 1.8);
    return normalise(out.audio, plan.seed);
  }
  if (plan.drumType === 'FX') {
    renderFx(plan, out);
    return normalise(out.audio, plan.seed);
  }

  const kit = kitOf(plan.genre, plan.variant);
  const sr = DEMO_SAMPLE_RATE;
  const loose = plan.genre === 'Boom Bap' || plan.genre === 'Lo-Fi' ? 0.12 : 0.05;
  // A few takes of each sound, used in turn (round robin), so repeated noisy hits are not identical.
  const sounds = new Map<string, Float32Array>();
  const take = (name: string, k: number, render: (seed: number) => Float32Array) => {
    const key = `${name}|${k % 3}`;
    let sound = sounds.get(key);
    if (!sound) sounds.set(key, (sound = render(plan.seed * 131 + (k % 3))));
    return sound;
  };
  drumPattern(plan.genre, plan.drumType, plan.variant, random).hits.forEach((hit, k) => {
    const frame = grid.frame(hit.step);
    const velocity = maxOf(0.1, hit.velocity * (1 - loose * random.next()));
    const play = (sound: Float32Array, pan: number, gain: number) => mixMono(out, frame, sound, sound.length, pan, gain * velocity);
    switch (plan.drumType) {
      case 'Kicks': play(take('kick', 0, () => kickSound(sr, kit.kick)), 0, 0.9); break;
      case 'Snares': play(take('snare', k, (seed) => snareSound(sr, kit.snare, seed)), 0, 0.75); break;
      case 'Claps': play(take('clap', k, (seed) => clapSound(sr, kit.clap, seed)), 0.04, 0.85); break;
      case 'Hihats': play(take('hat', k, (seed) => hatSound(sr, kit.hatDecay, kit.hatBrightness, seed)), 0.18, 0.6); break;
      case 'Open Hats': play(take('open', k, (seed) => hatSound(sr, 0.2, kit.hatBrightness, seed)), -0.12, 0.6); break;
      case 'Percs': {
        const kind = isPercKind(hit.sound) ? hit.sound : 'rim';
        play(take(kind, k, (seed) => percSound(sr, kind, seed)), (k % 5) * 0.12 - 0.24, 0.6);
        break;
      }
      case 'Cymbals': {
        const kind = hit.sound === 'ride' ? 'ride' : 'crash';
        play(take(kind, k, (seed) => cymbalSound(sr, kind, seed)), kind === 'crash' ? -0.25 : 0.3, 0.55);
        break;
      }
    }
  });
  return normalise(out.audio, plan.seed);
}
