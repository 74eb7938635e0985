import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import type { GraphQLContext } from '../../platform/graphql/context';
import { requireUser } from '../../platform/graphql/current-user';
import { readUpload } from '../../platform/graphql/read-upload';
import { badInput } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST, MAX_REQUEST_BYTES, REQUEST_TOO_LARGE, TOO_MANY_FILES } from './catalog.limits';
import { drumMetaSchema, melodyMetaSchema, parseDrumRow } from './catalog.schemas';
import { DrumUploadEntryInput, MelodyUploadInput } from './inputs/upload.inputs';
import { DrumUploadPayload, MelodyUploadPayload } from './outputs/sample.types';
import { compositionType as presentComposition, drumLoopType as presentDrumLoop } from './catalog.presenter';
import type { IncomingFile } from './sample-measurement';

async function readFiles(uploads: Promise<FileUpload>[]): Promise<IncomingFile[]> {
  if (uploads.length > MAX_FILES_PER_REQUEST) throw badInput(TOO_MANY_FILES);
  const files: IncomingFile[] = [];
  let total = 0;
  for (const upload of uploads) {
    const file = await upload;
    const bytes = await readUpload(file, MAX_FILE_BYTES, `file "${file.filename}"`);
    total += bytes.length;
    if (total > MAX_REQUEST_BYTES) throw badInput(REQUEST_TOO_LARGE);
    files.push({ name: file.filename, bytes });
  }
  return files;
}

@Resolver()
export class CatalogResolver {
  @Authorized()
  @Mutation(() => MelodyUploadPayload, { description: 'Uploads one melody composition: its stems (WAV) and their tags' })
  async uploadMelodySamples(
    @Arg('files', () => [GraphQLUpload]) files: Promise<FileUpload>[],
    @Arg('input', () => MelodyUploadInput) input: MelodyUploadInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MelodyUploadPayload> {
    const user = await requireUser(ctx);
    if (files.length === 0) throw badInput('Select at least one file to upload.');
    const { tempoStyles, ...rest } = input;
    const meta = parseInput(melodyMetaSchema, { ...rest, tempo_style: tempoStyles });
    const composition = await ctx.services.catalog.uploadMelody(user.id, {
      files: await readFiles(files),
      tags: { artists: meta.artists, instruments: meta.instruments, genres: meta.genres, moods: meta.moods, tempoStyles: meta.tempo_style },
      bpm: meta.bpm,
      key: meta.key,
      mode: meta.mode,
    });
    return { message: 'Files uploaded successfully!', composition: presentComposition(composition) };
  }

  @Authorized()
  @Mutation(() => DrumUploadPayload, { description: 'Uploads drum loops, one entry per file' })
  async uploadDrumSamples(
    @Arg('files', () => [GraphQLUpload]) files: Promise<FileUpload>[],
    @Arg('entries', () => [DrumUploadEntryInput]) entries: DrumUploadEntryInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<DrumUploadPayload> {
    const user = await requireUser(ctx);
    if (entries.length === 0) throw badInput('Add at least one drum sample.');
    const used = new Set(entries.map((e) => e.fileIndex));
    if (used.size !== entries.length || entries.some((e) => e.fileIndex < 0 || e.fileIndex >= files.length) || used.size !== files.length) {
      throw badInput('Each entry must name a different file, and every file must have an entry.');
    }
    // A row's problem names its file.
    const names = await Promise.all(files.map(async (file) => (await file).filename));
    const metas = entries.map(({ fileIndex, tempoStyles, ...e }, i) =>
      parseDrumRow(drumMetaSchema, { ...e, tempoStyle: tempoStyles }, i, names[fileIndex]),
    );
    const incoming = await readFiles(files);
    const loops = await ctx.services.catalog.uploadDrums(
      user.id,
      entries.map((e, i) => ({
        file: incoming[e.fileIndex],
        drumType: metas[i].drumType,
        tags: { artists: metas[i].artists, instruments: metas[i].instruments, genres: metas[i].genres, moods: metas[i].moods, tempoStyles: metas[i].tempoStyle },
        bpm: metas[i].bpm,
        key: metas[i].key ?? null,
        mode: metas[i].mode ?? null,
      })),
    );
    return { message: 'Drum samples uploaded successfully!', drumLoops: loops.map(presentDrumLoop) };
  }
}
