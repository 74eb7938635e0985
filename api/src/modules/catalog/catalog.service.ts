import type { MikroORM } from '@mikro-orm/postgresql';
import { estimateKey, estimateTempo } from '../../audio/analysis';
import { createAudio, frameCount, type AudioData } from '../../audio/audio-buffer';
import { badInput } from '../../platform/errors';
import type { BlobStore } from '../../platform/storage/blob-store';
import { newBlobKey } from '../../platform/storage/blob-store';
import type { Logger } from '../../platform/logging/logger';
import { User } from '../accounts/user.entity';
import { AudioFacts } from './audio-facts.embeddable';
import { MAX_FILES_PER_REQUEST, MAX_REQUEST_BYTES } from './catalog.limits';
import { DrumLoop } from './drum-loop.entity';
import { MelodyComposition } from './melody-composition.entity';
import { MelodyStem } from './melody-stem.entity';
import type { DrumType, Key, Mode } from './music-theory';
import { barsAt, bpmDisagrees, checkWavFile, measureFile, type IncomingFile, type MeasuredFile } from './sample-measurement';
import { SampleTagLists } from './sample-tags.embeddable';
import { cleanTags, tagKeysOf, type SampleTags } from './tags';

export interface MelodyUpload {
  readonly files: IncomingFile[];
  readonly tags: SampleTags;
  readonly bpm: number;
  readonly key: Key;
  readonly mode: Mode;
}

export interface DrumUploadEntry {
  readonly file: IncomingFile;
  readonly drumType: DrumType;
  readonly tags: SampleTags;
  readonly bpm: number;
  readonly key: Key | null;
  readonly mode: Mode | null;
}

interface CatalogServiceDeps {
  readonly orm: MikroORM;
  readonly blobs: BlobStore;
  readonly logger: Logger;
}

/** Lets the event loop breathe between files of a large upload (analysis is synchronous work). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function toTagLists(tags: SampleTags): SampleTagLists {
  return Object.assign(new SampleTagLists(), {
    artists: cleanTags(tags.artists),
    instruments: cleanTags(tags.instruments),
    genres: cleanTags(tags.genres),
    moods: cleanTags(tags.moods),
    tempoStyles: cleanTags(tags.tempoStyles),
  });
}

function factsOf(measured: MeasuredFile, blobKey: string): AudioFacts {
  return Object.assign(new AudioFacts(), {
    blobKey,
    fileName: measured.file.name,
    byteSize: measured.file.bytes.length,
    durationSeconds: measured.durationSeconds,
    sourceSampleRate: measured.sourceSampleRate,
    sourceChannels: measured.sourceChannels,
    sourceBitDepth: measured.sourceBitDepth,
    loudnessLufs: measured.loudnessLufs,
    truePeakDbtp: measured.truePeakDbtp,
    peaks: measured.peaks,
  });
}

/** Sum of stems of equal length, for measuring a composition as a whole. */
function mixOf(stems: readonly AudioData[]): AudioData {
  const frames = Math.min(...stems.map(frameCount));
  const mix = createAudio(frames, stems[0].sampleRate);
  for (const stem of stems) {
    for (let c = 0; c < 2; c++) {
      const out = mix.channels[c];
      const input = stem.channels[c];
      for (let i = 0; i < frames; i++) out[i] += input[i] / stems.length;
    }
  }
  return mix;
}

/**
 * The sound catalogue: producers' melody compositions and drum loops. An upload is all or nothing:
 * every file is checked and measured before anything is stored, the rows are written in one
 * transaction, and the blobs of a failed upload are removed.
 */
export class CatalogService {
  constructor(private readonly deps: CatalogServiceDeps) {}

  /** One melody upload = one composition of stems (spec 2 §2). */
  async uploadMelody(contributorId: string, upload: MelodyUpload): Promise<MelodyComposition> {
    this.checkRequestSize(upload.files);
    upload.files.forEach(checkWavFile);
    const measured: MeasuredFile[] = [];
    for (const file of upload.files) {
      measured.push(measureFile(file));
      await yieldToEventLoop();
    }
    const bars = measured.map((m) => barsAt(m.file.name, m.durationSeconds, upload.bpm));
    if (new Set(bars).size > 1) {
      throw badInput('All stems of a composition must have the same length in bars.', { files: upload.files.map((f) => f.name) });
    }
    const mix = mixOf(measured.map((m) => m.audio));
    const tempo = estimateTempo(mix, { minBpm: 60, maxBpm: 200 });
    const key = estimateKey(mix);
    const detectedBpm = tempo && Number.isFinite(tempo.bpm) ? Math.round(tempo.bpm * 100) / 100 : null;
    const tags = toTagLists(upload.tags);

    return this.storeAll(measured, async (em, keys) => {
      const composition = em.create(MelodyComposition, {
        contributor: em.getReference(User, contributorId),
        tags,
        tagKeys: tagKeysOf(tags),
        bpm: upload.bpm,
        key: upload.key,
        mode: upload.mode,
        detectedBpm,
        detectedKey: key.key,
        detectedMode: key.mode,
        bpmMismatch: bpmDisagrees(upload.bpm, detectedBpm),
        keyMismatch: key.key !== upload.key || key.mode !== upload.mode,
        bars: bars[0],
      });
      measured.forEach((m, position) => {
        composition.stems.add(
          em.create(MelodyStem, { composition, position, instrument: null, audio: factsOf(m, keys[position]) }),
        );
      });
      return composition;
    });
  }

  /** A drum upload: one loop per entry, each with its own type and tags; all stored or none. */
  async uploadDrums(contributorId: string, entries: readonly DrumUploadEntry[]): Promise<DrumLoop[]> {
    this.checkRequestSize(entries.map((e) => e.file));
    entries.forEach((e) => checkWavFile(e.file));
    const measured: MeasuredFile[] = [];
    for (const entry of entries) {
      measured.push(measureFile(entry.file));
      await yieldToEventLoop();
    }
    const bars = entries.map((e, i) => barsAt(e.file.name, measured[i].durationSeconds, e.bpm));

    return this.storeAll(measured, async (em, keys) =>
      entries.map((entry, i) => {
        const m = measured[i];
        const tags = toTagLists(entry.tags);
        const is808 = entry.drumType === '808s';
        return em.create(DrumLoop, {
          contributor: em.getReference(User, contributorId),
          drumType: entry.drumType,
          tags,
          tagKeys: tagKeysOf(tags),
          bpm: entry.bpm,
          key: is808 ? entry.key : null,
          mode: is808 ? entry.mode : null,
          detectedBpm: m.detectedBpm,
          detectedKey: is808 ? m.detectedKey : null,
          bpmMismatch: bpmDisagrees(entry.bpm, m.detectedBpm),
          keyMismatch: is808 && m.detectedKey !== null && m.detectedKey !== entry.key,
          bars: bars[i],
          audio: factsOf(m, keys[i]),
        });
      }),
    );
  }

  /** Counts by kind, for the dataset page and the seeding check. */
  async counts(): Promise<{ compositions: number; drumLoops: number }> {
    const em = this.deps.orm.em.fork();
    const [compositions, drumLoops] = await Promise.all([em.count(MelodyComposition), em.count(DrumLoop)]);
    return { compositions, drumLoops };
  }

  private checkRequestSize(files: readonly IncomingFile[]): void {
    if (files.length > MAX_FILES_PER_REQUEST) throw badInput(`At most ${MAX_FILES_PER_REQUEST} files per upload.`);
    const total = files.reduce((sum, f) => sum + f.bytes.length, 0);
    if (total > MAX_REQUEST_BYTES) throw badInput(`An upload may hold at most ${MAX_REQUEST_BYTES / (1024 * 1024)} MB.`);
  }

  /**
   * Writes every file's blob, then the rows (built by `build`) in one transaction; when anything
   * fails, the blobs already written are deleted so nothing is left behind.
   */
  private async storeAll<T extends object | object[]>(
    measured: readonly MeasuredFile[],
    build: (em: ReturnType<MikroORM['em']['fork']>, keys: string[]) => Promise<T>,
  ): Promise<T> {
    const written: string[] = [];
    try {
      for (const m of measured) {
        const key = newBlobKey('samples', 'wav');
        await this.deps.blobs.put(key, m.file.bytes, { contentType: 'audio/wav' });
        written.push(key);
      }
      const em = this.deps.orm.em.fork();
      return await em.transactional(async (tem) => {
        const result = await build(tem as typeof em, written);
        await tem.flush();
        return result;
      });
    } catch (error) {
      await this.deps.blobs.deleteMany(written).catch((cleanup: unknown) =>
        this.deps.logger.error({ err: cleanup, keys: written }, 'blobs of a failed upload not removed'),
      );
      throw error;
    }
  }
}
