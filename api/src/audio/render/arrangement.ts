import { z } from 'zod';
import type { Bpm, Decibels, Semitones } from '../units';

/**
 * A beat as data: everything the renderer needs to produce the same audio again. It is stored as
 * the beat's provenance (JSON), so it names samples by id and says exactly how each is transformed,
 * section by section; the renderer adds nothing that is not derived from these and the samples.
 */

export const SECTION_LABELS = ['I', 'V', 'C', 'B', 'O'] as const;
/** I intro, V verse, C chorus, B bridge, O outro. */
export type SectionLabel = (typeof SECTION_LABELS)[number];

export const DRUM_TYPES = ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs', 'Cymbals', 'FX'] as const;
export type DrumType = (typeof DRUM_TYPES)[number];
/** A melody stem (one stem of a producer's composition) or one drum type. */
export type LayerRole = 'melody' | DrumType;

/** Which loop plays, as the catalogue knows it. */
export interface SampleRef {
  readonly sampleId: string;
  /** Tempo the loop was recorded at. */
  readonly sourceBpm: Bpm;
  /** Length of the loop in bars (of 4 beats). */
  readonly bars: number;
}

/** How a loop is changed for this beat. */
export interface LoopTransform {
  /** Tempo the loop is stretched to (the beat's BPM). */
  readonly toBpm: Bpm;
  /** Pitch shift, e.g. to bring an 808 or a melody into the beat's key. */
  readonly semitones: Semitones;
  /** Gain on top of the layer's gain, for this section only. */
  readonly gainDb: Decibels;
  /** A muted part keeps its sample in the provenance (for a later unmute) but plays nothing. */
  readonly muted: boolean;
}

export const RANGE_OPS = ['mute', 'play', 'repeat', 'reverse', 'filter'] as const;
/**
 * What a range does to its part's loop: 'mute' silences it (a drop), 'play' plays it as it is (with a
 * gain envelope: a fade), 'repeat' plays one slice of the loop over and over (a roll, a stutter),
 * 'reverse' plays the loop backwards (a reversed cymbal into a chorus), 'filter' sweeps a low-pass
 * filter over it (a filter opening over an intro, closing into a stop).
 */
export type RangeOp = (typeof RANGE_OPS)[number];

/**
 * A stretch of one part's section (in beats from the section's start) where its loop is changed:
 * transitions (fills, drops, rolls, risers) and endings are made of these, from the part's own loop.
 */
export interface PartRange {
  readonly fromBeat: number;
  readonly toBeat: number;
  readonly op: RangeOp;
  /** repeat: where the slice starts in the loop, in beats (at the loop's attack nearest there, when it has any); reverse: where the reversed audio starts (absent: where the range would play). */
  readonly sliceBeat?: number;
  /** repeat: length of the slice in beats (1/4 a sixteenth roll, 1/8 a thirty-second). */
  readonly sliceBeats?: number;
  /** filter (and optionally reverse): low-pass cutoff at the start and the end of the range (swept exponentially). */
  readonly fromHz?: number;
  readonly toHz?: number;
  /** Gain envelope over the range, from and to (dB, linear in dB); 0 when absent. */
  readonly fromDb?: number;
  readonly toDb?: number;
}

/** What one layer plays in one section. A layer with no part in a section is silent there. */
export interface ArrangementPart {
  readonly layerId: string;
  readonly sample: SampleRef;
  readonly transform: LoopTransform;
  /** Changed stretches of the section, in order, not overlapping; absent or empty: the loop plays throughout. */
  readonly ranges?: readonly PartRange[];
}

export interface ArrangementSection {
  readonly label: SectionLabel;
  /** Length in bars; 8 in the generated structures. */
  readonly bars: number;
  readonly parts: readonly ArrangementPart[];
  /** Energy a listener set, relative to the generated section (-2 to 2); absent: 0, as generated. */
  readonly energy?: number;
}

export interface ArrangementLayer {
  /** Stable within the beat ("melody-keys", "kicks"): edits and stems refer to it. */
  readonly id: string;
  readonly role: LayerRole;
  /** Display name of a melody stem ("Keys", "Bass"); the drum type for drums. */
  readonly name: string;
  /** Mix gain, applied after the loop is normalised to its role's loudness. */
  readonly gainDb: Decibels;
  /** 'source': this layer (the kick) drives the sidechain; 'ducked': this layer (an 808) dips under it. */
  readonly sidechain?: 'source' | 'ducked';
}

export interface Arrangement {
  /** Format version of this JSON, so stored provenance stays readable as the format grows. */
  readonly version: 1;
  readonly bpm: Bpm;
  /** Tonic, e.g. "C#", and mode of the beat. */
  readonly key: string;
  readonly mode: 'major' | 'minor';
  readonly layers: readonly ArrangementLayer[];
  readonly sections: readonly ArrangementSection[];
  /** Master bus settings; absent for the defaults. */
  readonly master?: ArrangementMaster;
}

export interface ArrangementMaster {
  /**
   * Gain the master bus tries first. An edit starts from its parent's gain: when the edited mix
   * still lands within tolerance of the loudness target, the untouched sections come out bit for
   * bit as before, so their encoded audio is reused.
   */
  readonly startGainDb?: Decibels;
}

const sampleRefSchema = z.object({
  sampleId: z.string().min(1),
  sourceBpm: z.number().positive().max(400),
  bars: z.number().positive().max(64),
});

const rangeSchema = z.object({
  fromBeat: z.number().min(0).max(256),
  toBeat: z.number().min(0).max(256),
  op: z.enum(RANGE_OPS),
  sliceBeat: z.number().min(0).max(256).optional(),
  sliceBeats: z.number().min(1 / 64).max(16).optional(),
  fromHz: z.number().min(20).max(22_000).optional(),
  toHz: z.number().min(20).max(22_000).optional(),
  fromDb: z.number().min(-90).max(12).optional(),
  toDb: z.number().min(-90).max(12).optional(),
}).refine((r) => r.toBeat > r.fromBeat, { message: 'A range must end after it starts' })
  .refine((r) => r.op !== 'repeat' || r.sliceBeats !== undefined, { message: 'A repeat range needs sliceBeats' });

const transformSchema = z.object({
  toBpm: z.number().positive().max(400),
  semitones: z.number().min(-24).max(24),
  gainDb: z.number().min(-60).max(24),
  muted: z.boolean(),
});

/** Validates stored or incoming arrangement JSON; the renderer trusts only what passed through here. */
export const arrangementSchema = z
  .object({
    version: z.literal(1),
    bpm: z.number().positive().max(400),
    key: z.string().min(1).max(3),
    mode: z.enum(['major', 'minor']),
    layers: z.array(z.object({
      id: z.string().min(1),
      role: z.enum(['melody', ...DRUM_TYPES]),
      name: z.string(),
      gainDb: z.number().min(-60).max(24),
      sidechain: z.enum(['source', 'ducked']).optional(),
    })).min(1),
    sections: z.array(z.object({
      label: z.enum(SECTION_LABELS),
      bars: z.number().int().positive().max(64),
      parts: z.array(z.object({ layerId: z.string(), sample: sampleRefSchema, transform: transformSchema, ranges: z.array(rangeSchema).max(32).optional() })),
      energy: z.number().int().min(-2).max(2).optional(),
    })).min(1),
    master: z.object({ startGainDb: z.number().min(-60).max(60).optional() }).optional(),
  })
  .superRefine((arrangement, ctx) => {
    const ids = new Set(arrangement.layers.map((layer) => layer.id));
    if (ids.size !== arrangement.layers.length) ctx.addIssue({ code: 'custom', message: 'Layer ids must be unique' });
    arrangement.sections.forEach((section, s) => {
      const seen = new Set<string>();
      for (const part of section.parts) {
        if (!ids.has(part.layerId)) ctx.addIssue({ code: 'custom', message: `Section ${s} plays unknown layer ${part.layerId}` });
        if (seen.has(part.layerId)) ctx.addIssue({ code: 'custom', message: `Section ${s} plays layer ${part.layerId} twice` });
        seen.add(part.layerId);
        let end = 0;
        for (const range of part.ranges ?? []) {
          if (range.fromBeat < end) ctx.addIssue({ code: 'custom', message: `Section ${s}: ranges of ${part.layerId} overlap or are out of order` });
          if (range.toBeat > section.bars * 4) ctx.addIssue({ code: 'custom', message: `Section ${s}: a range of ${part.layerId} ends after the section` });
          end = range.toBeat;
        }
      }
    });
  });

/** Parses arrangement JSON (a string or an already parsed value); throws a ZodError on bad input. */
export function parseArrangement(json: unknown): Arrangement {
  return arrangementSchema.parse(typeof json === 'string' ? JSON.parse(json) : json);
}

/** The sample ids an arrangement plays (unmuted), each once, in first-use order. */
export function usedSampleIds(arrangement: Arrangement): string[] {
  const ids = new Set<string>();
  for (const section of arrangement.sections) {
    for (const part of section.parts) if (!part.transform.muted) ids.add(part.sample.sampleId);
  }
  return [...ids];
}

/** Total length of the arrangement in bars. */
export const totalBars = (arrangement: Arrangement): number =>
  arrangement.sections.reduce((sum, section) => sum + section.bars, 0);
