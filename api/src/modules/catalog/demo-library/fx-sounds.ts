/**
 * The demo library's one-shot effects (issue 32): risers (a noise sweep with an uplifter, or a
 * reversed cymbal over a softer sweep) that swell over the bar before a chorus, and impacts (a crash
 * over a sub hit, or over a falling sub boom) that land on its first downbeat. Each is a drum sample
 * of the type FX, credited to one of its genre's demo producers like every loop, and named by its
 * instruments (fx-kinds.ts), as a producer's upload of such a sound is.
 */
import { createAudio, exactBarFrames, loopFrames, type AudioData } from '../../../audio';
import type { FxKind } from '../fx-kinds';
import { cymbalSound, downlifter, reverseCymbal, riser } from './drum-voices';
import { GENRES, tempoWord, type DemoGenre } from './genres';
import { levelLoop } from './loop-level';
import type { DrumLoopPlan } from './plan';
import { producersOf } from './producers';
import { mixMono, noiseSource, sawAt, sinTurns, StateVariableFilter, type LoopBuffer } from './synth-kit';

const { exp, min, round, tanh } = Math;

/** Genres whose producers make risers and impacts, and which kinds (lo-fi and boom bap stay without). */
const FX_GENRES: Readonly<Partial<Record<DemoGenre, readonly FxKind[]>>> = {
  Trap: ['riser', 'impact'],
  Drill: ['riser', 'impact'],
  'R&B': ['riser', 'impact'],
  Afrobeats: ['riser', 'impact'],
  Pop: ['riser', 'impact'],
  Country: ['impact'],
};
/** Sounds of each kind per genre. */
const VARIANTS = 2;
/** A riser lasts one bar (it ends on the chorus's downbeat); an impact two (its crash rings out). */
export const FX_SOUND_BARS: Readonly<Record<FxKind, number>> = { riser: 1, impact: 2 };

/** What each kind's variants are called: the instruments they are tagged with after "FX" and the kind. */
const NAMES: Readonly<Record<FxKind, readonly (readonly string[])[]>> = {
  riser: [['Noise Sweep', 'Uplifter'], ['Reverse Cymbal', 'Noise Sweep']],
  impact: [['Crash Hit', 'Sub Hit'], ['Crash Hit', 'Sub Boom']],
};

const rotate = <T>(list: readonly T[], from: number, count: number): T[] => Array.from({ length: count }, (_, k) => list[(from + k) % list.length]);

/** The plan of every one-shot effect: drum samples of type FX, one or two bars long. Deterministic. */
export function planFxSounds(): DrumLoopPlan[] {
  const plans: DrumLoopPlan[] = [];
  let n = 0;
  GENRES.forEach((profile, g) => {
    const producers = producersOf(profile.genre);
    for (const kind of FX_GENRES[profile.genre] ?? []) {
      for (let v = 0; v < VARIANTS; v++, n++) {
        const bpm = profile.tempos[(v + g) % profile.tempos.length];
        plans.push({
          kind: 'drums',
          id: `fx-${n}`,
          producerKey: producers[(v + g) % producers.length].key,
          genre: profile.genre,
          drumType: 'FX',
          fx: kind,
          bars: FX_SOUND_BARS[kind],
          tags: {
            artists: rotate(profile.artists, v + g, 3),
            instruments: ['FX', kind === 'riser' ? 'Riser' : 'Impact', ...NAMES[kind][v]],
            genres: [profile.genre],
            moods: rotate([...profile.moods.Minor, ...profile.moods.Major], v, 2),
            tempoStyles: [...new Set([profile.feel, tempoWord(bpm)])],
          },
          bpm,
          key: null,
          mode: null,
          variant: v,
          kit: null,
          seed: 9000 + n,
        });
      }
    }
  });
  return plans;
}

/** An uplifter: a bright saw swept up two octaves, swelling into the end of `frames`. */
function uplifter(b: LoopBuffer, frames: number, velocity: number): void {
  const sr = b.sampleRate;
  const out = new Float32Array(frames);
  const low = new StateVariableFilter(sr, 600, 0.9);
  let phase = 0;
  for (let t = 0; t < frames; t++) {
    const progress = t / frames;
    const hz = 220 * 2 ** (progress * 2);
    phase += hz / sr;
    if (phase >= 1) phase -= 1;
    if ((t & 31) === 0) low.tune(600 * 2 ** (progress * 4), 0.9);
    low.process(sawAt(phase, hz / sr));
    out[t] = low.low * progress * progress * progress;
  }
  mixMono(b, 0, out, frames, 0, velocity);
}

/** A sub hit: a sine falling from `fromHz` to `toHz` with a short click, saturated, decaying over `decaySeconds`. */
function subHit(b: LoopBuffer, frames: number, fromHz: number, toHz: number, decaySeconds: number, velocity: number): void {
  const sr = b.sampleRate;
  const out = new Float32Array(frames);
  let phase = 0;
  for (let t = 0; t < frames; t++) {
    const seconds = t / sr;
    phase += (toHz + (fromHz - toHz) * exp(-seconds * 18)) / sr;
    if (phase >= 1) phase -= 1;
    const amp = exp(-seconds / decaySeconds) * min(1, t / 40);
    out[t] = tanh(sinTurns(phase) * 1.8) * amp;
  }
  mixMono(b, 0, out, frames, 0, velocity);
}

/** Fades the last `frames` of every channel to silence, so the sound ends (and tiles) without a step. */
function fadeEnd(audio: AudioData, frames: number): void {
  for (const channel of audio.channels) {
    const n = channel.length;
    for (let i = 0; i < frames; i++) channel[n - 1 - i] *= i / frames;
  }
}

/**
 * One effect of the plan (`fx` set), exactly its bars long at its tempo, levelled as the engine
 * levels an FX sample. A riser rises to its last frames (and fades over the last 4 ms, so it ends
 * without a step); an impact strikes on its first frame and falls silent before its end.
 */
export function renderFxSound(plan: DrumLoopPlan): AudioData {
  if (!plan.fx) throw new Error(`${plan.id} is not a one-shot effect`);
  const sr = 44_100;
  const bars = plan.bars ?? FX_SOUND_BARS[plan.fx];
  const audio = createAudio(loopFrames(bars, plan.bpm, sr), sr);
  const out: LoopBuffer = { left: audio.channels[0], right: audio.channels[1], sampleRate: sr };
  const frames = audio.channels[0].length;
  if (plan.fx === 'riser') {
    if (plan.variant % 2 === 0) {
      riser(out, frames, frames, plan.seed, 0.9);
      uplifter(out, frames, 0.35);
    } else {
      reverseCymbal(out, frames, frames, plan.seed, 0.9);
      riser(out, frames, frames, plan.seed + 1, 0.45);
    }
    fadeEnd(audio, round(0.004 * sr));
  } else {
    const crash = cymbalSound(sr, 'crash', plan.seed);
    mixMono(out, 0, crash, min(crash.length, frames), 0.1, 0.8);
    if (plan.variant % 2 === 0) subHit(out, frames, 140, 48, 0.35, 0.9);
    else downlifter(out, 0, round(exactBarFrames(1, plan.bpm, sr)), plan.seed + 1, 0.8);
    // A light noise burst on the strike (faded in over 40 frames, as the crash is), so the hit reads on small speakers too.
    const noise = noiseSource(plan.seed * 3 + 1);
    const burst = new Float32Array(round(0.03 * sr)).map((_, t) => noise() * exp(-t / (0.006 * sr)) * min(1, t / 40));
    mixMono(out, 0, burst, burst.length, 0, 0.5);
    fadeEnd(audio, round(frames * 0.25));
  }
  return levelLoop(audio, 'FX', plan.seed);
}
