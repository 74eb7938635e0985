/**
 * Which sampled instrument plays each part of each genre, and which drum sounds stay synthesised.
 * Instruments are General MIDI presets of the demo SoundFont (MuseScore General): `bank` is the
 * preset's bank select (MSB), `program` its program number.
 */
import type { DrumType } from '../../../shared/music-theory';
import type { PercKind } from './drum-voices';
import type { DemoGenre, DemoInstrument } from './genres';

export interface Patch {
  readonly bank: number;
  readonly program: number;
}

/** A sampled instrument playing one stem role (the part writer) in one genre. */
export interface StemSound {
  readonly patch: Patch;
  /** The stem's name in the catalogue and its first instrument tag. */
  readonly label: string;
  /** Further instrument tags prompts may name ("Rhodes", "Synth"). */
  readonly tags: readonly string[];
  /**
   * Reverb send (MIDI CC 91, 0..127) into the synthesiser's reverb, rendered into the stem; 0 renders
   * it dry. The reverb costs about twice what the voices do, so it goes where the genre wants the
   * space (lo-fi and R&B keys and pads, bells, pads, choirs, flutes and leads), not on every stem.
   */
  readonly reverb: number;
}

const patch = (program: number, bank = 0): Patch => ({ bank, program });
const sound = (program: number, label: string, tags: readonly string[], reverb = 0, bank = 0): StemSound => ({ patch: patch(program, bank), label, tags, reverb });

// The General MIDI instruments the library uses (program numbers from 0; bank 8 holds variations).
const GRAND = 0;
const BRIGHT_GRAND = 1;
const TINE_EP = 4;
const FM_EP = 5;
const CELESTA = 8;
const GLOCKENSPIEL = 9;
const MUSIC_BOX = 10;
const VIBRAPHONE = 11;
const MARIMBA = 12;
const TUBULAR_BELLS = 14;
const DRAWBAR_ORGAN = 16;
const NYLON_GUITAR = 24;
const STEEL_GUITAR = 25;
const JAZZ_GUITAR = 26;
const CLEAN_GUITAR = 27;
const PIZZICATO = 45;
const HARP = 46;
const STRINGS_FAST = 48;
const STRINGS_SLOW = 49;
const CHOIR_AAHS = 52;
const VOICE_OOHS = 53;
const FLUTE = 73;
const PAN_FLUTE = 75;
const SQUARE_LEAD = 80;
const SAW_LEAD = 81;
const WARM_PAD = 89;
const POLYSYNTH = 90;
const HALO_PAD = 94;
const KALIMBA = 108;
const FIDDLE = 110;
const STEEL_DRUMS = 114;

const piano = (reverb = 0) => sound(GRAND, 'Piano', [], reverb);
const rhodes = (reverb = 0) => sound(TINE_EP, 'Keys', ['Electric Piano', 'Rhodes'], reverb);
const strings = (reverb = 0) => sound(STRINGS_SLOW, 'Strings', [], reverb);
const warmPad = (reverb = 0) => sound(WARM_PAD, 'Pad', ['Synth'], reverb);

/** Each genre's instrument for each stem role its palettes use. */
export const STEM_SOUNDS: Readonly<Record<DemoGenre, Partial<Record<DemoInstrument, StemSound>>>> = {
  Trap: {
    Bells: sound(MUSIC_BOX, 'Bells', ['Music Box'], 50),
    Piano: piano(),
    Strings: strings(),
    Pad: sound(HALO_PAD, 'Pad', ['Synth'], 45),
    Keys: rhodes(),
    Arp: sound(PIZZICATO, 'Pizzicato', ['Pluck', 'Strings']),
    Pluck: sound(HARP, 'Harp', ['Pluck']),
    Lead: sound(FLUTE, 'Flute', ['Lead'], 40),
  },
  Drill: {
    Strings: sound(STRINGS_FAST, 'Strings', []),
    Piano: piano(),
    Pad: sound(CHOIR_AAHS, 'Choir', ['Pad', 'Vocal'], 50),
    Bells: sound(TUBULAR_BELLS, 'Bells', ['Tubular Bells'], 40),
    Lead: sound(SAW_LEAD, 'Lead', ['Synth']),
    Keys: rhodes(),
  },
  'Boom Bap': {
    Keys: rhodes(),
    Piano: sound(GRAND, 'Piano', [], 0, 8),
    Strings: strings(),
    Pad: sound(VOICE_OOHS, 'Choir', ['Pad', 'Vocal', 'Soul'], 35),
    Bells: sound(VIBRAPHONE, 'Vibraphone', ['Bells']),
  },
  'Lo-Fi': {
    Keys: rhodes(55),
    Pad: warmPad(60),
    Piano: sound(GRAND, 'Piano', [], 50, 8),
    Pluck: sound(NYLON_GUITAR, 'Nylon Guitar', ['Guitar', 'Pluck']),
    Bells: sound(VIBRAPHONE, 'Vibraphone', ['Bells'], 55),
    Guitar: sound(JAZZ_GUITAR, 'Guitar', ['Jazz Guitar']),
  },
  'R&B': {
    Keys: rhodes(45),
    Pad: sound(HALO_PAD, 'Pad', ['Synth'], 55),
    Strings: strings(),
    Piano: piano(),
    Pluck: sound(CLEAN_GUITAR, 'Guitar', ['Pluck', 'Electric Guitar']),
    Lead: sound(SQUARE_LEAD, 'Lead', ['Synth'], 50, 8),
    Bells: sound(CELESTA, 'Bells', ['Celesta'], 50),
    Guitar: sound(CLEAN_GUITAR, 'Guitar', ['Electric Guitar']),
  },
  Afrobeats: {
    Pluck: sound(MARIMBA, 'Marimba', ['Pluck', 'Percussion']),
    Keys: rhodes(),
    Pad: warmPad(45),
    Guitar: sound(CLEAN_GUITAR, 'Guitar', ['Electric Guitar']),
    Arp: sound(KALIMBA, 'Kalimba', ['Arp', 'Percussion']),
    Lead: sound(PAN_FLUTE, 'Flute', ['Lead', 'Pan Flute'], 40),
    Bells: sound(STEEL_DRUMS, 'Steel Drums', ['Bells', 'Percussion']),
    Strings: sound(STRINGS_FAST, 'Strings', []),
  },
  Pop: {
    Piano: sound(BRIGHT_GRAND, 'Piano', []),
    Pad: warmPad(50),
    Pluck: sound(POLYSYNTH, 'Synth Pluck', ['Pluck', 'Synth']),
    Arp: sound(SQUARE_LEAD, 'Arp', ['Synth']),
    Lead: sound(SAW_LEAD, 'Synth Lead', ['Lead', 'Synth'], 40),
    Strings: sound(STRINGS_FAST, 'Strings', []),
    Keys: sound(FM_EP, 'Keys', ['Electric Piano']),
    Guitar: sound(STEEL_GUITAR, 'Guitar', ['Acoustic Guitar']),
    Bells: sound(GLOCKENSPIEL, 'Bells', ['Glockenspiel'], 40),
  },
  Country: {
    Guitar: sound(STEEL_GUITAR, 'Guitar', ['Acoustic Guitar', 'Steel Guitar']),
    Pluck: sound(NYLON_GUITAR, 'Nylon Guitar', ['Guitar', 'Pluck']),
    Lead: sound(FIDDLE, 'Fiddle', ['Violin', 'Strings'], 35),
    Strings: strings(),
    Piano: piano(),
    Keys: sound(DRAWBAR_ORGAN, 'Organ', ['Keys']),
    Pad: warmPad(35),
  },
};

/** The instrument of a stem role in a genre. */
export function stemSound(genre: DemoGenre, instrument: DemoInstrument): StemSound {
  const found = STEM_SOUNDS[genre][instrument];
  if (!found) throw new Error(`No ${instrument} sound for ${genre}`);
  return found;
}

/** Drum kits (programs on the percussion channel) of the General MIDI/GS standard. */
const KIT = { standard: 0, room: 8, jazz: 32, brush: 40 } as const;

/**
 * Acoustic kits of the genres whose drums are played, not programmed (one per loop variant):
 * boom bap's room and standard kits, lo-fi's jazz and brush kits, country's brushes for the train beat.
 */
const ACOUSTIC_KITS: Partial<Record<DemoGenre, readonly number[]>> = {
  'Boom Bap': [KIT.room, KIT.standard, KIT.jazz],
  'Lo-Fi': [KIT.jazz, KIT.brush, KIT.room],
  Country: [KIT.standard, KIT.brush, KIT.room],
};

const KIT_PIECES: readonly DrumType[] = ['Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats'];

/**
 * The kit a drum loop is sampled from, or null when it stays synthesised: 808s and FX everywhere
 * (a gliding, saturated 808 and risers are synthesiser sounds), and the kit pieces of trap, drill,
 * R&B, afrobeats and pop (programmed electronic drums). Percussion and cymbals are sampled in
 * every genre.
 */
export function drumKit(genre: DemoGenre, drumType: DrumType, variant: number): number | null {
  if (drumType === '808s' || drumType === 'FX') return null;
  const kits = ACOUSTIC_KITS[genre];
  if (KIT_PIECES.includes(drumType)) return kits ? kits[variant % kits.length] : null;
  return kits ? kits[variant % kits.length] : KIT.standard;
}

/** General MIDI percussion keys of the sounds drum patterns name. */
const PERC_NOTES: Record<Exclude<PercKind, 'snap'>, readonly number[]> = {
  rim: [37],
  conga: [63, 64, 62],
  bongo: [60, 61],
  woodblock: [76, 77],
  cowbell: [56],
  tambourine: [54],
  shaker: [82, 70],
  // Finger snaps have no General MIDI key: they stay synthesised.
};

export const GM_DRUM = { kick: 36, snare: 38, brushSlap: 40, clap: 39, closedHat: 42, openHat: 46, crash: 49, crash2: 57, ride: 51, rideBell: 53 } as const;

/** The key a percussion hit plays: kinds with two keys (high and low conga) alternate by hit. */
export function percussionNote(kind: PercKind, hit: number): number | null {
  if (kind === 'snap') return null;
  const notes = PERC_NOTES[kind];
  return notes[hit % notes.length];
}
