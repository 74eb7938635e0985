import { z } from 'zod';
import { DomainError } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { MAX_BPM, MAX_FILES_PER_REQUEST, MIN_BPM, TOO_MANY_FILES } from './catalog.limits';
import { DRUM_TYPES, KEYS, MODES, normaliseDrumType } from '../../shared/music-theory';
import { cleanTags } from './tags';
import { SpooledData } from './upload-spool';

const tagList = (label: string) =>
  z
    .array(z.string().max(200), { error: `${label} must be a list of text.` })
    .max(50, `At most 50 ${label.toLowerCase()}.`)
    .transform((values) => cleanTags(values));

const requiredTags = (label: string) =>
  tagList(label).refine((values) => values.length > 0, { message: `Add at least one entry to ${label}.` });

const bpm = z.coerce
  .number({ error: 'BPM must be a number.' })
  .refine((v) => Number.isFinite(v) && v >= MIN_BPM && v <= MAX_BPM, { message: `BPM must be between ${MIN_BPM} and ${MAX_BPM}.` });

const key = z.enum(KEYS, { error: `Key must be one of ${KEYS.join(', ')}.` });
const mode = z.enum(MODES, { error: 'Mode must be Major or Minor.' });

/** New tags of a stored composition (every list required, as at upload). */
export const compositionTagsSchema = z
  .object({
    artists: requiredTags('Artists'),
    instruments: requiredTags('Instruments'),
    genres: requiredTags('Genres'),
    moods: requiredTags('Moods'),
    tempo_style: requiredTags('Tempo Style'),
  })
  .strict();

/** New tags of a stored drum loop (instruments optional, as at upload). */
export const drumTagsSchema = z
  .object({
    artists: requiredTags('Artists'),
    instruments: tagList('Instruments').optional().default([]),
    genres: requiredTags('Genres'),
    moods: requiredTags('Moods'),
    tempo_style: requiredTags('Tempo Style'),
  })
  .strict();

/** A file inside a JSON upload: its name and its bytes as a base64 data URL. */
export const dataUrlFileSchema = z.object({
  name: z.string().trim().min(1, 'Every file needs a name.').max(255, 'A file name is too long.'),
  /** Spooled to disk while the body streamed in (upload-spool.ts). */
  data: z.unknown().refine((v) => v instanceof SpooledData || (typeof v === 'string' && v.length > 0), 'A file has no data.'),
});

/** The metadata of a melody upload (requirements §P3), shared by REST and GraphQL. */
export const melodyMetaSchema = z.object({
  artists: requiredTags('Artists'),
  instruments: requiredTags('Instruments'),
  genres: requiredTags('Genres'),
  moods: requiredTags('Moods'),
  tempo_style: requiredTags('Tempo Style'),
  bpm,
  key,
  mode,
});

/** POST /uploadingmelsamples (requirements §P3 "Melody upload payload"). */
export const melodyUploadSchema = melodyMetaSchema.extend({
  files: z
    .array(dataUrlFileSchema)
    .min(1, 'Select at least one file to upload.')
    .max(MAX_FILES_PER_REQUEST, TOO_MANY_FILES),
});
export type MelodyUploadPayload = z.output<typeof melodyUploadSchema>;

const drumType = z
  .string()
  .transform((v, ctx) => {
    const type = normaliseDrumType(v);
    if (!type) ctx.addIssue({ code: 'custom', message: `Drum type must be one of ${DRUM_TYPES.join(', ')}.` });
    return type ?? z.NEVER;
  });

const drumMetaFields = {
  drumType,
  genres: requiredTags('Genres'),
  artists: requiredTags('Artists'),
  instruments: tagList('Instruments').optional().default([]),
  moods: requiredTags('Moods'),
  tempoStyle: requiredTags('Tempo Style'),
  bpm,
  key: key.nullish(),
  mode: mode.nullish(),
  sequence: z
    .object({ typeIndex: z.number().int().min(0), entryIndex: z.number().int().min(0), totalInType: z.number().int().min(1) })
    .optional(),
};

/** 808s need a key and a mode; other types carry neither. */
function drumRules<T extends { drumType: string; key?: string | null; mode?: string | null }>(entry: T, ctx: z.RefinementCtx) {
  if (entry.drumType === '808s' && (!entry.key || !entry.mode)) {
    ctx.addIssue({ code: 'custom', path: ['key'], message: '808s need a key and a mode.' });
  }
}
const onlyFor808 = <T extends { drumType: string }>(entry: T): T =>
  entry.drumType === '808s' ? entry : { ...entry, key: null, mode: null };

/** A drum row's metadata (requirements §P3 "Drum upload entry" without its file). */
export const drumMetaSchema = z.object(drumMetaFields).superRefine(drumRules).transform(onlyFor808);

/** One entry of POST /uploadingdrumsamples (requirements §P3 "Drum upload entry"). */
export const drumEntrySchema = z
  .object({ file: dataUrlFileSchema, ...drumMetaFields })
  .superRefine(drumRules)
  .transform(onlyFor808);

/** POST /uploadingdrumsamples: entries (each parsed by `parseDrumRow`) and the metadata envelope. */
const drumUploadSchema = z.object({
  entries: z
    .array(z.unknown())
    .min(1, 'Add at least one drum sample.')
    .max(MAX_FILES_PER_REQUEST, TOO_MANY_FILES),
  metadata: z
    .object({ totalTypes: z.number().int().min(0), typeBreakdown: z.record(z.string(), z.number().int().min(0)) })
    .optional(),
});

/**
 * Parses the drum row at `index`; its problem names the row's file, as the service's messages do
 * (`"kick.wav": 808s need a key and a mode.`), or its place when it has no file name.
 */
export function parseDrumRow<S extends z.ZodType>(schema: S, row: unknown, index: number, fileName: string | null): z.output<S> {
  try {
    return parseInput(schema, row);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const where = fileName ? `"${fileName}"` : `Entry ${index + 1}`;
    throw new DomainError(error.code, `${where}: ${error.message}`, { ...error.details, entry: index, ...(fileName ? { file: fileName } : {}) });
  }
}

const nameOf = (entry: unknown): string | null => {
  const name = (entry as { file?: { name?: unknown } } | null)?.file?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
};

/** POST /uploadingdrumsamples (requirements §P3 "Drum upload envelope"); a problem in an entry names its file. */
export function parseDrumUpload(body: unknown) {
  const { entries, metadata } = parseInput(drumUploadSchema, body);
  return { metadata, entries: entries.map((entry, i) => parseDrumRow(drumEntrySchema, entry, i, nameOf(entry))) };
}
