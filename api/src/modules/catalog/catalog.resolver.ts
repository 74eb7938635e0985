import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import { badInput } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST, MAX_REQUEST_BYTES, REQUEST_TOO_LARGE, TOO_MANY_FILES } from './catalog.limits';
import { drumMetaSchema, melodyMetaSchema, parseDrumRow } from './catalog.schemas';
import { DrumUploadEntryInput, MelodyUploadInput } from './inputs/upload.inputs';
import { DrumUploadPayload, MelodyUploadPayload } from './outputs/sample.types';
import { compositionType as presentComposition, drumLoopType as presentDrumLoop } from './catalog.presenter';
import { spoolStream, type UploadSpool, type UploadedFile } from './upload-spool';
import { TokenScope } from '../../platform/graphql/token-scope';

/** Spools the request's files to disk one at a time (never holding one in memory), within the limits. */
async function spoolFiles(uploads: Promise<FileUpload>[], spool: UploadSpool): Promise<UploadedFile[]> {
  if (uploads.length > MAX_FILES_PER_REQUEST) throw badInput(TOO_MANY_FILES);
  const files: UploadedFile[] = [];
  let total = 0;
  for (const upload of uploads) {
    const file = await upload;
    const spooled = await spoolStream(file.createReadStream(), spool, file.filename, MAX_FILE_BYTES);
    total += spooled.size;
    if (total > MAX_REQUEST_BYTES) throw badInput(REQUEST_TOO_LARGE);
    files.push(spooled);
  }
  return files;
}

@Resolver()
export class CatalogResolver {
  @Authorized()
  @TokenScope('uploads:write')
  @Mutation(() => MelodyUploadPayload, { description: 'Uploads one melody composition: its stems (WAV, all the same length in bars) and their tags. Producers only (FORBIDDEN otherwise), at most 200 upload requests a UTC day by default (TOO_MANY_REQUESTS). BAD_USER_INPUT names the file or field at fault.' })
  async uploadMelodySamples(
    @Arg('files', () => [GraphQLUpload], { description: 'The stems as WAV files (multipart upload with the apollo-require-preflight header): at most 40 files, 50 MB each, 200 MB in all.' }) files: Promise<FileUpload>[],
    @Arg('input', () => MelodyUploadInput, { description: 'Tags, BPM, key and mode of the composition.' }) input: MelodyUploadInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MelodyUploadPayload> {
    const user = await requireUser(ctx);
    const ticket = await ctx.services.catalog.admit(user);
    if (files.length === 0) throw badInput('Select at least one file to upload.');
    const { tempoStyles, ...rest } = input;
    const meta = parseInput(melodyMetaSchema, { ...rest, tempo_style: tempoStyles });
    const spool = await ctx.services.catalog.openSpool();
    try {
      const composition = await ctx.services.catalog.uploadMelody(ticket, {
        files: await spoolFiles(files, spool),
        tags: { artists: meta.artists, instruments: meta.instruments, genres: meta.genres, moods: meta.moods, tempoStyles: meta.tempo_style },
        bpm: meta.bpm,
        key: meta.key,
        mode: meta.mode,
      });
      return { message: 'Files uploaded successfully!', composition: presentComposition(composition) };
    } finally {
      await spool.cleanup();
    }
  }

  @Authorized()
  @TokenScope('uploads:write')
  @Mutation(() => DrumUploadPayload, { description: 'Uploads drum loops (WAV), one entry per file. Producers only (FORBIDDEN otherwise), at most 200 upload requests a UTC day by default (TOO_MANY_REQUESTS). BAD_USER_INPUT names the file or field at fault.' })
  async uploadDrumSamples(
    @Arg('files', () => [GraphQLUpload], { description: 'The loops as WAV files (multipart upload with the apollo-require-preflight header): at most 40 files, 50 MB each, 200 MB in all.' }) files: Promise<FileUpload>[],
    @Arg('entries', () => [DrumUploadEntryInput], { description: 'One entry per file, naming it by fileIndex.' }) entries: DrumUploadEntryInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<DrumUploadPayload> {
    const user = await requireUser(ctx);
    const ticket = await ctx.services.catalog.admit(user);
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
    const spool = await ctx.services.catalog.openSpool();
    try {
      const incoming = await spoolFiles(files, spool);
      const loops = await ctx.services.catalog.uploadDrums(
        ticket,
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
    } finally {
      await spool.cleanup();
    }
  }
}
