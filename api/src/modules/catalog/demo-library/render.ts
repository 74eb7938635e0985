import { createAudio, type AudioData } from '../../../audio/audio-buffer';
import { createRandom } from '../../../audio/testing/seeded-random';
import { exactBarFrames, loopFrames } from '../../../audio/warp/loop-length';
import type { Key, Mode } from '../music-theory';
import { bass808, clap, cymbal, hat, kick, perc, riser, shaker, snare, type BassNote } from './drum-voices';
import { BARS, drumPattern, kickSteps, type StepHit } from './drum-patterns';
import { genreProfile, type DemoGenre, type DemoInstrument } from './genres';
import type { CompositionPlan, DrumLoopPlan } from './plan';
import { bassRoot, midiToHz, PROGRESSIONS, scaleNotes, voiceLead } from './theory';
import { bellNote, keysNote, leadNote, padNote, pianoNote, pluckNote, stringsNote, type LoopBuffer, type NoteSpec } from './voices';

// Global `Math` is slow to reach from jest's sandbox; hot loops use module-level bindings.
const { abs, max: maxOf, round, floor } = Math;

export const DEMO_SAMPLE_RATE = 44_100;

/** One rendered stem of a composition. */
export interface DemoStem {
  readonly instrument: DemoInstrument;
  readonly fileName: string;
  readonly audio: AudioData;
}

/** Maps 16th-note steps of an 8-bar loop to frames, with the genre's swing on the off 16ths. */
class Grid {
  readonly frames: number;
  readonly sixteenth: number;
  constructor(readonly bpm: number, readonly swing: number, readonly sampleRate = DEMO_SAMPLE_RATE) {
    this.frames = loopFrames(BARS, bpm, sampleRate);
    this.sixteenth = exactBarFrames(1, bpm, sampleRate) / 16;
  }
  frame(step: number): number {
    const whole = floor(step);
    const swung = whole % 2 === 1 && step === whole ? this.swing * this.sixteenth : 0;
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

/** Scales a loop so its sample peak is `peak` (loops arrive at a consistent level, like a pack). */
function normalise(audio: AudioData, peak: number): AudioData {
  let max = 0;
  for (const ch of audio.channels) for (let i = 0; i < ch.length; i++) max = maxOf(max, abs(ch[i]));
  if (max > 0) {
    const gain = peak / max;
    for (const ch of audio.channels) for (let i = 0; i < ch.length; i++) ch[i] *= gain;
  }
  return audio;
}

const SEVENTHS: readonly DemoGenre[] = ['R&B', 'Lo-Fi', 'Boom Bap'];

/** When a chord instrument strikes within a two-bar chord, by genre (16th steps from the chord's start). */
function chordRhythm(genre: DemoGenre, instrument: DemoInstrument): { steps: number[]; length: number } {
  if (instrument === 'Pad' || instrument === 'Strings') return { steps: [0], length: 31 };
  switch (genre) {
    case 'Trap':
    case 'Drill': return { steps: [0, 16], length: 15 };
    case 'Boom Bap':
    case 'Lo-Fi': return { steps: [0, 6, 16, 22], length: 5 };
    case 'R&B': return { steps: [0, 10, 16, 26], length: 9 };
    case 'Afrobeats': return { steps: [2, 6, 10, 14, 18, 22, 26, 30], length: 2 };
    case 'Pop': return { steps: [0, 4, 8, 12, 16, 20, 24, 28], length: 3 };
    case 'Country': return { steps: [4, 12, 20, 28], length: 3 };
  }
}

type Voice = (b: LoopBuffer, n: NoteSpec) => void;

const CHORD_VOICES: Partial<Record<DemoInstrument, Voice>> = { Keys: keysNote, Piano: pianoNote, Pad: padNote, Strings: stringsNote };

function renderStem(plan: CompositionPlan, instrument: DemoInstrument, index: number): AudioData {
  const profile = genreProfile(plan.genre);
  const grid = new Grid(plan.bpm, profile.swing);
  const out = buffer(grid);
  const random = createRandom(plan.seed * 31 + index);
  const voicings = voiceLead(plan.key as Key, plan.mode as Mode, plan.progression, SEVENTHS.includes(plan.genre));
  const pan = [-0.25, 0.25, -0.1, 0.15][index % 4];
  const chordStart = (c: number) => c * 32;

  const chordVoice = CHORD_VOICES[instrument];
  if (chordVoice) {
    const rhythm = chordRhythm(plan.genre, instrument);
    voicings.forEach((notes, c) => {
      for (const step of rhythm.steps) {
        for (const [v, midi] of notes.entries()) {
          const shift = instrument === 'Strings' ? 12 * (v === notes.length - 1 ? 1 : 0) : 0;
          chordVoice(out, {
            start: grid.frame(chordStart(c) + step), length: grid.steps(rhythm.length), hz: midiToHz(midi + shift),
            velocity: 0.75 + 0.2 * random.next(), pan: pan + (v - 1) * 0.1,
          });
        }
        // The left hand: the chord's root an octave or two down.
        if (instrument === 'Keys' || instrument === 'Piano') {
          const root = bassRoot(plan.key as Key, plan.mode as Mode, plan.progression[c]) + 12;
          chordVoice(out, { start: grid.frame(chordStart(c) + step), length: grid.steps(rhythm.length), hz: midiToHz(root), velocity: 0.8, pan: 0 });
        }
      }
    });
    return normalise(out.audio, 0.5);
  }

  if (instrument === 'Pluck' || instrument === 'Arp') {
    const rate = instrument === 'Arp' ? 1 : 2;
    voicings.forEach((notes, c) => {
      const tones = [...notes, notes[0] + 12, notes[1] + 12];
      const order = instrument === 'Arp' ? [0, 1, 2, 3, 4, 3, 2, 1] : [0, 2, 1, 3, 2, 4, 3, 1];
      for (let s = 0, k = 0; s < 32; s += rate, k++) {
        const midi = tones[order[k % order.length] % tones.length] + 12;
        pluckNote(out, { start: grid.frame(chordStart(c) + s), length: grid.steps(rate * 1.5), hz: midiToHz(midi), velocity: 0.7 + 0.25 * (s % 4 === 0 ? 1 : random.next()), pan: pan + (k % 2 ? 0.2 : -0.2) }, plan.seed * 97 + c * 32 + s, 0.6, 0.9);
      }
    });
    return normalise(out.audio, 0.5);
  }

  if (instrument === 'Guitar') {
    voicings.forEach((notes, c) => {
      const rhythm = chordRhythm(plan.genre, 'Guitar');
      const bass = bassRoot(plan.key as Key, plan.mode as Mode, plan.progression[c]) + 12;
      for (const step of [0, 8, 16, 24]) {
        pluckNote(out, { start: grid.frame(chordStart(c) + step), length: grid.steps(4), hz: midiToHz(bass + (step % 16 === 8 ? 7 : 0)), velocity: 0.85, pan: -0.1 }, plan.seed + c * 7 + step, 0.3, 1.5);
      }
      for (const step of rhythm.steps.filter((s) => s % 8 !== 0)) {
        notes.forEach((midi, v) => {
          // A strum: strings a few milliseconds apart, low to high.
          const start = grid.frame(chordStart(c) + step) + Math.round(v * 0.012 * DEMO_SAMPLE_RATE);
          pluckNote(out, { start, length: grid.steps(3), hz: midiToHz(midi), velocity: 0.6, pan: 0.2 }, plan.seed * 13 + c * 101 + step * 7 + v, 0.75, 1.2);
        });
      }
    });
    return normalise(out.audio, 0.5);
  }

  // Bells and leads: a motif on chord and scale tones, answered every other bar.
  const scale = scaleNotes(plan.key as Key, plan.mode as Mode, 67, 88);
  const motif = [0, 3, 6, 10, 12].slice(0, 3 + random.int(3));
  voicings.forEach((notes, c) => {
    for (let half = 0; half < 2; half++) {
      const answer = half === 1;
      motif.forEach((step, k) => {
        const chordTone = notes[(k + (answer ? 1 : 0)) % notes.length] + 12;
        const nearest = scale.reduce((best, n) => (Math.abs(n - chordTone) < Math.abs(best - chordTone) ? n : best), scale[0]);
        const note: NoteSpec = {
          start: grid.frame(chordStart(c) + half * 16 + step), length: grid.steps(instrument === 'Lead' ? 2 : 1), hz: midiToHz(nearest),
          velocity: answer ? 0.65 : 0.85, pan,
        };
        if (instrument === 'Lead') leadNote(out, note);
        else bellNote(out, note);
      });
    }
  });
  return normalise(out.audio, 0.5);
}

/** A composition's stems (2 to 4), each exactly 8 bars at its tempo. */
export function renderComposition(plan: CompositionPlan): DemoStem[] {
  return plan.instruments.map((instrument, i) => ({
    instrument,
    fileName: `${plan.genre.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${plan.key.replace('#', 's').toLowerCase()}-${plan.mode.toLowerCase()}-${plan.bpm}bpm-${instrument.toLowerCase()}.wav`,
    audio: renderStem(plan, instrument, i),
  }));
}

/** An 808 line on the kick's rhythm, following the tonic (even variants) or the chord roots. */
function bassLine(plan: DrumLoopPlan, grid: Grid): BassNote[] {
  const steps = kickSteps(plan.genre, plan.variant);
  const degrees = PROGRESSIONS[plan.mode as Mode][0];
  const glides = plan.genre === 'Drill' || plan.variant === 2;
  return steps.map((step, i) => {
    const next = steps[i + 1] ?? steps[0] + BARS * 16;
    const chord = Math.floor(step / 32);
    const degree = plan.variant === 0 ? 0 : degrees[chord % degrees.length];
    let midi = bassRoot(plan.key as Key, plan.mode as Mode, degree);
    if (midi >= 41) midi -= 12;
    // Producers' octave jumps and slides: the last hit of every other bar goes up an octave.
    const jump = glides && step % 32 >= 24 && i % 2 === 1;
    return { frame: grid.frame(step), length: grid.steps(Math.min(next - step, 8)) - 40, hz: midiToHz(midi + (jump ? 12 : 0)), glide: jump, velocity: 1 };
  });
}

/** One drum loop of one drum type, exactly 8 bars at its tempo. */
export function renderDrumLoop(plan: DrumLoopPlan): AudioData {
  const profile = genreProfile(plan.genre);
  const grid = new Grid(plan.bpm, profile.swing);
  const out = buffer(grid);
  const random = createRandom(plan.seed);
  const humanise = plan.genre === 'Boom Bap' || plan.genre === 'Lo-Fi' ? 0.12 : 0.04;
  const hitsOf = (steps: readonly StepHit[]) =>
    steps.map((h) => ({ frame: grid.frame(h.step), velocity: Math.max(0.1, h.velocity * (1 - humanise * random.next())) }));

  if (plan.drumType === '808s') {
    bass808(out, bassLine(plan, grid), plan.genre === 'Drill' ? 2.6 : 1.8);
    return normalise(out.audio, 0.7);
  }
  if (plan.drumType === 'FX') {
    const barFrames = exactBarFrames(1, plan.bpm, DEMO_SAMPLE_RATE);
    for (const end of [4, 8]) riser(out, Math.round(end * barFrames) - 1, Math.round(barFrames * (plan.variant === 0 ? 1 : 2)), plan.seed + end, 0.8);
    if (plan.genre === 'Lo-Fi') {
      // Vinyl: sparse crackle over the whole loop.
      for (let k = 0; k < 220; k++) perc(out, { frame: random.int(grid.frames), velocity: 0.05 + 0.1 * random.next() }, 2500 + random.int(4000), random.range(-0.6, 0.6));
    }
    return normalise(out.audio, 0.6);
  }

  const pattern = drumPattern(plan.genre, plan.drumType, plan.variant, random);
  const tones = {
    kick: { punch: [160, 190, 140][plan.variant], body: plan.genre === 'Boom Bap' || plan.genre === 'Lo-Fi' ? 58 : 48, decay: plan.genre === 'Pop' ? 0.28 : 0.4 },
    snare: { pitch: [190, 220, 175][plan.variant], decay: plan.genre === 'Lo-Fi' ? 0.12 : 0.17, crack: plan.genre === 'Drill' ? 0.8 : 0.65 },
  };
  for (const hit of hitsOf(pattern.hits)) {
    switch (plan.drumType) {
      case 'Kicks': kick(out, hit, tones.kick); break;
      case 'Snares': snare(out, hit, plan.seed + hit.frame, tones.snare); break;
      case 'Claps': clap(out, hit, plan.seed + hit.frame); break;
      case 'Hihats': hat(out, hit, plan.seed + hit.frame, plan.genre === 'Lo-Fi' ? 0.03 : 0.045); break;
      case 'Open Hats': hat(out, hit, plan.seed + hit.frame, 0.22, -0.1); break;
      case 'Percs': perc(out, hit, plan.genre === 'Afrobeats' ? [330, 440, 290][plan.variant] : [800, 620, 1050][plan.variant], (hit.frame % 3) * 0.2 - 0.2); break;
      case 'Cymbals': cymbal(out, hit, plan.seed + hit.frame); break;
    }
  }
  for (const hit of hitsOf(pattern.shaker ?? [])) shaker(out, hit, plan.seed + hit.frame);
  return normalise(out.audio, 0.7);
}
