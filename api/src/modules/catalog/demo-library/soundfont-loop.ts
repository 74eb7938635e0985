/**
 * Renders notes through the SoundFont synthesiser into a loop that tiles: the loop is played for
 * its length plus the tail its last notes (and the reverb) ring on for, and that tail is folded back
 * onto the loop's start, so a loop played twice is continuous at the wrap, as it would be if the
 * notes had simply been played again.
 */
import { InterpolationTypes, SpessaSynthProcessor, type BasicSoundBank } from 'spessasynth_core';
import { createAudio, type AudioData } from '../../../audio';
import { HalfRateReverb } from './half-rate-reverb';
import type { Patch } from './instruments';

const { abs, max, min } = Math;

/** The General MIDI percussion channel. */
export const DRUM_CHANNEL = 9;

/** One MIDI channel of a render: the instrument, where it sits, and how much reverb it sends. */
export interface ChannelSetup {
  readonly channel: number;
  /** A melodic preset; on the drum channel, `program` picks the kit. */
  readonly patch: Patch;
  /** -1 left .. 1 right. */
  readonly pan: number;
  /** Reverb send, MIDI CC 91 (0..127). */
  readonly reverb: number;
}

/** A note of the loop: `frame` is its start within the loop (0..frames-1), `length` how long the key is held. */
export interface MidiNote {
  readonly channel: number;
  readonly key: number;
  /** 1..127 */
  readonly velocity: number;
  readonly frame: number;
  readonly length: number;
}

export interface SoundFontLoop {
  readonly frames: number;
  readonly sampleRate: number;
  readonly channels: readonly ChannelSetup[];
  readonly notes: readonly MidiNote[];
}

/** Frames rendered per call; events split blocks, so timing is exact to the frame. */
const BLOCK = 1024;
/** The tail ends when voices are done and the reverb has fallen below this (about -100 dBFS). */
const SILENT = 1e-5;
/** The tail never runs longer than this after the last key is let go (seconds). */
const MAX_TAIL_SECONDS = 8;

const CC_BANK_SELECT = 0;
const CC_VOLUME = 7;
const CC_PAN = 10;
const CC_REVERB = 91;
const CC_CHORUS = 93;

interface KeyEvent {
  readonly frame: number;
  readonly on: boolean;
  readonly note: MidiNote;
  readonly id: number;
}

/** Note-offs before note-ons at the same frame; a key struck again while held is let go first. */
function eventsOf(notes: readonly MidiNote[], frames: number): KeyEvent[] {
  const events: KeyEvent[] = [];
  notes.forEach((note, id) => {
    const start = ((note.frame % frames) + frames) % frames;
    events.push({ frame: start, on: true, note, id }, { frame: start + max(1, note.length), on: false, note, id });
  });
  return events.sort((a, b) => a.frame - b.frame || Number(a.on) - Number(b.on) || a.id - b.id);
}

function setUp(synth: SpessaSynthProcessor, channels: readonly ChannelSetup[]): void {
  for (const c of channels) {
    if (c.channel !== DRUM_CHANNEL) synth.controllerChange(c.channel, CC_BANK_SELECT, c.patch.bank);
    synth.programChange(c.channel, c.patch.program);
    synth.controllerChange(c.channel, CC_VOLUME, 100);
    synth.controllerChange(c.channel, CC_PAN, Math.round(64 + max(-1, min(1, c.pan)) * 63));
    synth.controllerChange(c.channel, CC_REVERB, c.reverb);
    synth.controllerChange(c.channel, CC_CHORUS, 0);
  }
}

/**
 * Plays the notes through the bank and returns the loop (`frames` long, stereo). The synthesiser's
 * effects run only when a channel sends to the reverb (they cost about as much as the voices).
 */
export function renderSoundFontLoop(bank: BasicSoundBank, loop: SoundFontLoop): AudioData {
  const { frames, sampleRate } = loop;
  const effects = loop.channels.some((c) => c.reverb > 0);
  const synth = new SpessaSynthProcessor(sampleRate, {
    effectsEnabled: effects,
    eventsEnabled: false,
    maxBufferSize: BLOCK,
    ...(effects ? { reverbProcessor: new HalfRateReverb(sampleRate, BLOCK) } : {}),
  });
  // Linear rather than the default Hermite interpolation of the samples: a fifth less synthesis time.
  synth.setSystemParameter('interpolationType', InterpolationTypes.linear);
  synth.setSystemParameter('autoAllocateVoices', true);
  synth.soundBankManager.addSoundBank(bank, 'demo');
  setUp(synth, loop.channels);

  const out = createAudio(frames, sampleRate);
  const [outL, outR] = out.channels;
  const left = new Float32Array(BLOCK);
  const right = new Float32Array(BLOCK);
  const events = eventsOf(loop.notes, frames);
  const lastEvent = events.length ? events[events.length - 1].frame : 0;
  const end = max(frames, lastEvent) + Math.round(MAX_TAIL_SECONDS * sampleRate);
  // Which strike of a key sounds now: a note-off of an earlier strike leaves a later one ringing.
  const owner = new Map<number, number>();
  let e = 0;
  for (let pos = 0; pos < end; ) {
    for (; e < events.length && events[e].frame <= pos; e++) {
      const { on, note, id } = events[e];
      const slot = note.channel * 128 + note.key;
      if (on) {
        if (owner.has(slot)) synth.noteOff(note.channel, note.key);
        owner.set(slot, id);
        synth.noteOn(note.channel, note.key, note.velocity);
      } else if (owner.get(slot) === id) {
        owner.delete(slot);
        synth.noteOff(note.channel, note.key);
      }
    }
    const count = min(BLOCK, end - pos, e < events.length ? events[e].frame - pos : BLOCK);
    left.fill(0, 0, count);
    right.fill(0, 0, count);
    synth.process(left, right, 0, count);
    // Everything past the loop's end lands on its start again (the fold).
    let peak = 0;
    let i = pos % frames;
    for (let k = 0; k < count; k++) {
      outL[i] += left[k];
      outR[i] += right[k];
      peak = max(peak, abs(left[k]), abs(right[k]));
      if (++i === frames) i = 0;
    }
    pos += count;
    if (pos >= frames && e === events.length && synth.voiceCount === 0 && peak < SILENT) break;
  }
  // Not `destroySynthProcessor()`: it would destroy the shared sound bank too.
  return out;
}
