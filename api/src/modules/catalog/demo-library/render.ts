/**
 * Renders plan items to audio: a composition's stems played by sampled instruments through the
 * SoundFont synthesiser, and a drum loop from a sampled kit or the drum synthesisers; each exactly
 * 8 bars at its tempo by the engine's bar arithmetic, its tail folded onto its start so it tiles,
 * and levelled by loudness as the engine levels uploads.
 */
import type { BasicSoundBank } from 'spessasynth_core';
import { createAudio, type AudioData, createRandom, type SeededRandom, exactBarFrames, loopFrames } from '../../../audio';
import type { Key, Mode } from '../../../shared/music-theory';
import {
  bass808, BASS_RELEASE_SECONDS, clapSound, downlifter, hatSound, kickSound, percSound, reverseCymbal, riser, snareSound, vinyl,
  type KickTone, type SnareTone,
} from './drum-voices';
import { BARS, bassLine, drumPattern, isPercKind, type StepHit } from './drum-patterns';
import { renderFxSound } from './fx-sounds';
import { genreProfile, type DemoGenre } from './genres';
import { feelOf, humanise } from './humanise';
import { GM_DRUM, percussionNote } from './instruments';
import { levelLoop } from './loop-level';
import { writePart } from './parts';
import type { CompositionPlan, DrumLoopPlan } from './plan';
import { loadDemoSoundBank } from './sound-bank';
import { DRUM_CHANNEL, renderSoundFontLoop, type ChannelSetup, type MidiNote } from './soundfont-loop';
import { midiToHz, mixMono, type LoopBuffer } from './synth-kit';

// Global `Math` is slow to reach from jest's sandbox; hot loops use module-level bindings.
const { round, floor, max: maxOf } = Math;

export const DEMO_SAMPLE_RATE = 44_100;

/** One rendered stem of a composition. */
export interface DemoStem {
  /** The instrument playing it ("Piano", "Marimba", "Fiddle"). */
  readonly instrument: string;
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

/** Stereo places a stem's notes are spread over (one MIDI channel each, as a producer pans layers). */
const PAN_PLACES = [-0.5, -0.25, 0, 0.25, 0.5];
const panChannel = (pan: number) => PAN_PLACES.reduce((best, p, i) => (Math.abs(p - pan) < Math.abs(PAN_PLACES[best] - pan) ? i : best), 0);

function renderStem(bank: BasicSoundBank, plan: CompositionPlan, index: number): AudioData {
  const grid = new Grid(plan.bpm, genreProfile(plan.genre).swing);
  const instrument = plan.instruments[index];
  const sound = plan.sounds[index];
  const feel = feelOf(plan.genre);
  const random = createRandom(plan.seed * 7919 + index * 131);
  const channels: ChannelSetup[] = PAN_PLACES.map((pan, channel) => ({ channel, patch: sound.patch, pan, reverb: sound.reverb }));
  const notes: MidiNote[] = writePart(plan, instrument, index).map((note) => {
    const played = humanise(random, feel, note.velocity, grid.sampleRate);
    const start = grid.frame(note.step);
    return {
      channel: panChannel(note.pan),
      key: note.midi,
      velocity: played.velocity,
      frame: start + played.shift,
      length: grid.frame(note.step + note.steps) - start,
    };
  });
  const audio = renderSoundFontLoop(bank, { frames: grid.frames, sampleRate: grid.sampleRate, channels, notes });
  return levelLoop(audio, 'melody', plan.seed * 16 + index);
}

const slug = (text: string) => text.toLowerCase().replace(/#/g, 's').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A composition's stems (2 to 4), each exactly 8 bars at its tempo. */
export async function renderComposition(plan: CompositionPlan): Promise<DemoStem[]> {
  const bank = await loadDemoSoundBank();
  const stems: DemoStem[] = [];
  plan.sounds.forEach(({ label }, i) => {
    stems.push({
      instrument: label,
      fileName: `${slug(plan.genre)}-${slug(plan.key)}-${plan.mode.toLowerCase()}-${plan.bpm}bpm-${slug(label)}.wav`,
      audio: renderStem(bank, plan, i),
    });
  });
  return stems;
}

/** The file name a drum loop is stored under: genre, type, tempo, key (808s), variant. */
export const drumLoopFileName = (plan: DrumLoopPlan): string =>
  `${slug(plan.genre)}-${slug(plan.drumType)}${plan.fx ? `-${plan.fx}` : ''}-${plan.bpm}bpm${plan.key ? `-${slug(plan.key)}-${plan.mode!.toLowerCase()}` : ''}-${plan.variant + 1}.wav`;

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

/** Synthesised kit pieces: each genre's kick, snare, clap and hat voices, programmed on the grid. */
function synthesisedDrums(plan: DrumLoopPlan, grid: Grid, hits: readonly StepHit[], random: SeededRandom): AudioData {
  const out = buffer(grid);
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
  hits.forEach((hit, k) => {
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
      default: break;
    }
  });
  return out.audio;
}

/** Where each drum type sits in the stereo field. */
const DRUM_PAN: Partial<Record<DrumLoopPlan['drumType'], number>> = { Claps: 0.04, Hihats: 0.18, 'Open Hats': -0.12, Percs: -0.15, Cymbals: 0.1 };

/** The General MIDI key of a hit, or null for a sound the kit lacks (finger snaps). */
function drumKey(plan: DrumLoopPlan, hit: StepHit, k: number): number | null {
  switch (plan.drumType) {
    case 'Kicks': return GM_DRUM.kick;
    case 'Snares': return GM_DRUM.snare;
    case 'Claps': return GM_DRUM.clap;
    case 'Hihats': return GM_DRUM.closedHat;
    case 'Open Hats': return GM_DRUM.openHat;
    case 'Percs': return percussionNote(isPercKind(hit.sound) ? hit.sound : 'rim', k);
    case 'Cymbals': return hit.sound === 'ride' ? GM_DRUM.ride : k % 2 ? GM_DRUM.crash2 : GM_DRUM.crash;
    default: return null;
  }
}

/** Seconds a drum key is held (cymbals ring; the rest are one-shots). */
const ringSeconds = (key: number) => (key === GM_DRUM.crash || key === GM_DRUM.crash2 ? 4 : key === GM_DRUM.ride ? 2 : 0.6);

/**
 * A loop played on a sampled kit, humanised: acoustic kits drift in time like a drummer; percussion
 * and cymbals over programmed beats drift a third as much. Finger snaps are synthesised into it.
 */
function sampledDrums(bank: BasicSoundBank, plan: DrumLoopPlan, grid: Grid, hits: readonly StepHit[], random: SeededRandom, kit: number): AudioData {
  const sr = grid.sampleRate;
  const feel = feelOf(plan.genre);
  const acoustic = plan.genre === 'Boom Bap' || plan.genre === 'Lo-Fi' || plan.genre === 'Country';
  const loose = plan.genre === 'Boom Bap' || plan.genre === 'Lo-Fi' ? 0.12 : 0.05;
  const notes: MidiNote[] = [];
  const snaps: { frame: number; velocity: number; k: number }[] = [];
  hits.forEach((hit, k) => {
    const written = maxOf(0.1, hit.velocity * (1 - loose * random.next()));
    const played = humanise(random, feel, written, sr, acoustic ? 1 : 1 / 3);
    const frame = grid.frame(hit.step) + played.shift;
    const key = drumKey(plan, hit, k);
    if (key === null) snaps.push({ frame, velocity: written, k });
    else notes.push({ channel: DRUM_CHANNEL, key, velocity: played.velocity, frame, length: round(ringSeconds(key) * sr) });
  });
  const pan = DRUM_PAN[plan.drumType] ?? 0;
  const audio = renderSoundFontLoop(bank, { frames: grid.frames, sampleRate: sr, channels: [{ channel: DRUM_CHANNEL, patch: { bank: 0, program: kit }, pan, reverb: 0 }], notes });
  if (snaps.length) {
    const out: LoopBuffer = { left: audio.channels[0], right: audio.channels[1], sampleRate: sr };
    const takes = [0, 1, 2].map((t) => percSound(sr, 'snap', plan.seed * 131 + t));
    for (const snap of snaps) mixMono(out, snap.frame, takes[snap.k % 3], takes[snap.k % 3].length, pan, 0.6 * snap.velocity);
  }
  return audio;
}

function synthesisedBass(plan: DrumLoopPlan, grid: Grid): AudioData {
  const out = buffer(grid);
  const releaseSteps = (BASS_RELEASE_SECONDS * DEMO_SAMPLE_RATE) / grid.sixteenth;
  const line = bassLine(plan.genre, plan.variant, plan.key as Key, plan.mode as Mode).map((n) => ({
    frame: grid.frame(n.step),
    length: grid.steps(Math.min(n.gap, 12) - releaseSteps),
    hz: midiToHz(n.midi),
    glide: n.glide,
    velocity: 1,
  }));
  bass808(out, line, plan.genre === 'Drill' ? 2.8 : plan.genre === 'Trap' ? 2.2 : 1.6, plan.genre === 'Drill' ? 1.1 : 1.8);
  return out.audio;
}

/** One drum loop of one drum type, exactly 8 bars at its tempo (a one-shot effect: its own bars). */
export async function renderDrumLoop(plan: DrumLoopPlan): Promise<AudioData> {
  if (plan.fx) return renderFxSound(plan);
  const grid = new Grid(plan.bpm, genreProfile(plan.genre).swing);
  if (plan.drumType === '808s') return levelLoop(synthesisedBass(plan, grid), '808s', plan.seed);
  if (plan.drumType === 'FX') {
    const out = buffer(grid);
    renderFx(plan, out);
    return levelLoop(out.audio, 'FX', plan.seed);
  }
  const random = createRandom(plan.seed);
  const { hits } = drumPattern(plan.genre, plan.drumType, plan.variant, random);
  const { kit } = plan;
  const audio = kit === null ? synthesisedDrums(plan, grid, hits, random) : sampledDrums(await loadDemoSoundBank(), plan, grid, hits, random, kit);
  return levelLoop(audio, plan.drumType, plan.seed);
}
