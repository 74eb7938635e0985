import type { MikroORM } from '@mikro-orm/postgresql';
import { DomainError, badInput } from '../../platform/errors';
import type { BlobStore } from '../../platform/storage/blob-store';
import { newBlobKey } from '../../platform/storage/blob-store';
import type { Logger } from '../../platform/logging/logger';
import { AudioFacts } from './audio-facts.embeddable';
import { compositionCandidates, drumCandidates, tagVocabulary, type CompositionCandidate, type DrumCandidate } from './catalog.queries';
import { MAX_FILES_PER_REQUEST, MAX_REQUEST_BYTES, REQUEST_TOO_LARGE, TOO_MANY_FILES } from './catalog.limits';
import { DrumLoop } from './drum-loop.entity';
import type { FxKind } from './fx-kinds';
import { MelodyComposition } from './melody-composition.entity';
import { MelodyStem } from './melody-stem.entity';
import type { DrumType, Key, Mode } from '../../shared/music-theory';
import type { SampleAnalyzer } from './sample-analyzer';
import { barsAt, bpmDisagrees, checkUploadedWav, type FileFacts } from './sample-measurement';
import { UploadSpool, type UploadedFile } from './upload-spool';
import { SampleTagLists } from './sample-tags.embeddable';
import { cleanTags, tagKeysOf, type SampleTags, type TagKind } from './tags';

/** Who asks to upload (the producers module checks their plan: uploads that earn need Premium or above). */
export interface Uploader {
  readonly id: string;
}

/** The catalogue's permission for one upload request: the producer behind it, admitted and counted. */
export interface UploadTicket {
  readonly userId: string;
}

export interface MelodyUpload {
  readonly files: UploadedFile[];
  readonly tags: SampleTags;
  readonly bpm: number;
  readonly key: Key;
  readonly mode: Mode;
}

export interface DrumUploadEntry {
  readonly file: UploadedFile;
  readonly drumType: DrumType;
  readonly tags: SampleTags;
  readonly bpm: number;
  readonly key: Key | null;
  readonly mode: Mode | null;
}

/** A file with what the engine measured of it. */
interface MeasuredFile {
  readonly file: UploadedFile;
  readonly facts: FileFacts;
}

interface CatalogServiceDeps {
  readonly orm: MikroORM;
  readonly analyzer: SampleAnalyzer;
  readonly blobs: BlobStore;
  readonly logger: Logger;
  /**
   * Asked before an upload is read (producers.admitUpload, passed in by the composition root): the
   * user must be a producer on a plan that uploads, with upload requests left today; it throws otherwise.
   */
  readonly admitUpload: (user: Uploader) => Promise<unknown>;
  /** Bytes of sample files one producer may keep (their withdrawn uploads included). */
  readonly storageBytesPerProducer: number;
  /** Where uploads wait on disk while they are checked (best on the blob store's device: linked, not copied). */
  readonly spoolDir: string;
}

function toTagLists(tags: SampleTags): SampleTagLists {
  return Object.assign(new SampleTagLists(), {
    artists: cleanTags(tags.artists),
    instruments: cleanTags(tags.instruments),
    genres: cleanTags(tags.genres),
    moods: cleanTags(tags.moods),
    tempoStyles: cleanTags(tags.tempoStyles),
  });
}

function factsOf({ file, facts }: MeasuredFile, blobKey: string): AudioFacts {
  return Object.assign(new AudioFacts(), {
    blobKey,
    fileName: file.name,
    byteSize: file.size,
    durationSeconds: facts.durationSeconds,
    sourceSampleRate: facts.sourceSampleRate,
    sourceChannels: facts.sourceChannels,
    sourceBitDepth: facts.sourceBitDepth,
    loudnessLufs: facts.loudnessLufs,
    truePeakDbtp: facts.truePeakDbtp,
    peaks: facts.peaks,
  });
}

/** One of a contributor's loops as their earnings page lists it (withdrawn ones too). */
export interface ContributorLoop {
  readonly id: string;
  readonly kind: 'composition' | 'drum';
  /** The file name the producer uploaded (a composition's first stem, with how many more). */
  readonly name: string;
  /** The drum type (808s, Kicks, ...) or Melody. */
  readonly type: string;
  readonly bpm: number;
  readonly key: string | null;
  readonly mode: string | null;
  readonly createdAt: Date;
  readonly withdrawn: boolean;
}

/**
 * The sound catalogue: producers' melody compositions and drum loops. An upload is all or nothing:
 * every file is checked and measured before anything is stored, the rows are written in one
 * transaction, and the blobs of a failed upload are removed.
 */
export class CatalogService {
  constructor(private readonly deps: CatalogServiceDeps) {}

  /** Compositions sharing the prompt's wanted tags, best overlap first (the generator's candidates). */
  compositionCandidates(wantedTags: string[], limit: number, shuffle: string): Promise<CompositionCandidate[]> {
    return compositionCandidates(this.deps.orm.em.fork(), wantedTags, limit, shuffle);
  }

  /**
   * Drum loops of one type for the generator and the drum swap, ranked like compositions. For FX,
   * `fx` asks for the one-shots of a kind (risers, impacts); without it only FX loops are candidates.
   */
  drumCandidates(drumType: DrumType, wantedTags: string[], bpmNear: number, limit: number, shuffle: string, fx: FxKind | null = null): Promise<DrumCandidate[]> {
    return drumCandidates(this.deps.orm.em.fork(), drumType, wantedTags, bpmNear, limit, shuffle, fx);
  }

  /** Every tag the catalogue holds, by kind: the vocabulary prompts are read against. */
  tagVocabulary(): Promise<Map<TagKind, Set<string>>> {
    return tagVocabulary(this.deps.orm.em.fork());
  }

  /** Per mood tag, how many compositions of each mode carry it (a mood the catalogue files under minor leans minor). */
  async moodModeCounts(): Promise<Map<string, { minor: number; major: number }>> {
    const rows = await this.deps.orm.em.fork().getConnection().execute<{ mood: string; minor: number; major: number }[]>(
      `select substr(tag, 6) as mood, count(*) filter (where mode = 'Minor')::int as minor, count(*) filter (where mode = 'Major')::int as major
         from melody_compositions, unnest(tag_keys) as tag where tag like 'mood:%' group by tag`,
    );
    return new Map(rows.map((r) => [r.mood, { minor: r.minor, major: r.major }]));
  }

  /** Whether any melody composition is stored (the landing page's sample beats wait for one). */
  async hasMelodies(): Promise<boolean> {
    const [{ has }] = await this.deps.orm.em.fork().getConnection().execute<{ has: boolean }[]>('select exists (select 1 from melody_compositions) as has');
    return has;
  }

  /**
   * The first step of every upload, before its body is read: only producers on a plan that uploads
   * (Premium and above), within their daily count. Payout onboarding may still be pending (earnings wait for it).
   */
  async admit(user: Uploader): Promise<UploadTicket> {
    await this.deps.admitUpload(user);
    return { userId: user.id };
  }

  /** A directory for one request's files; the caller removes it (spool.cleanup) when done. */
  openSpool(): Promise<UploadSpool> {
    return UploadSpool.open(this.deps.spoolDir);
  }

  /** One melody upload = one composition of stems (requirements §P2). */
  async uploadMelody(ticket: UploadTicket, upload: MelodyUpload): Promise<MelodyComposition> {
    const contributorId = ticket.userId;
    this.checkRequestSize(upload.files);
    for (const file of upload.files) await checkUploadedWav(file);
    const measured = await this.measureAll(upload.files, upload.files.map(() => upload.bpm));
    const bars = measured.map((m) => barsAt(m.file.name, m.facts.durationSeconds, upload.bpm));
    const odd = bars.findIndex((b) => b !== bars[0]);
    if (odd > 0) {
      const [first, other] = [upload.files[0].name, upload.files[odd].name];
      throw badInput(
        `"${other}" is ${bars[odd]} bars long at ${upload.bpm} BPM, but "${first}" is ${bars[0]}: all stems of a composition must have the same length in bars.`,
        { file: other },
      );
    }
    const mix = await this.deps.analyzer.measureMix(upload.files, upload.bpm);
    const tags = toTagLists(upload.tags);

    return this.storeAll(contributorId, measured, async (em, keys) => {
      const composition = em.create(MelodyComposition, {
        contributor: contributorId,
        tags,
        tagKeys: tagKeysOf(tags),
        bpm: upload.bpm,
        key: upload.key,
        mode: upload.mode,
        detectedBpm: mix.detectedBpm,
        detectedKey: mix.detectedKey,
        detectedMode: mix.detectedMode,
        bpmMismatch: bpmDisagrees(upload.bpm, mix.detectedBpm),
        keyMismatch: mix.detectedKey !== upload.key || mix.detectedMode !== upload.mode,
        bars: bars[0],
      });
      measured.forEach((m, position) => {
        composition.stems.add(
          em.create(MelodyStem, { composition, position, instrument: null, audio: factsOf(m, keys[position]), onsets: m.facts.onsets }),
        );
      });
      return composition;
    });
  }

  /** A drum upload: one loop per entry, each with its own type and tags; all stored or none. */
  async uploadDrums(ticket: UploadTicket, entries: readonly DrumUploadEntry[]): Promise<DrumLoop[]> {
    const contributorId = ticket.userId;
    this.checkRequestSize(entries.map((e) => e.file));
    for (const entry of entries) await checkUploadedWav(entry.file);
    const measured = await this.measureAll(entries.map((e) => e.file), entries.map((e) => e.bpm));
    const bars = entries.map((e, i) => barsAt(e.file.name, measured[i].facts.durationSeconds, e.bpm));

    return this.storeAll(contributorId, measured, async (em, keys) =>
      entries.map((entry, i) => {
        const m = measured[i].facts;
        const tags = toTagLists(entry.tags);
        const is808 = entry.drumType === '808s';
        return em.create(DrumLoop, {
          contributor: contributorId,
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
          audio: factsOf(measured[i], keys[i]),
          onsets: m.onsets,
        });
      }),
    );
  }

  /** Every melody composition and drum loop a contributor uploaded, withdrawn ones included. */
  async contributorLoops(contributorId: string): Promise<ContributorLoop[]> {
    const rows = await this.deps.orm.em.fork().execute<{ id: string; kind: 'composition' | 'drum'; name: string; type: string; bpm: number; key: string | null; mode: string | null; created_at: Date; withdrawn: boolean }[]>(
      `select c.id, 'composition' as kind,
              coalesce((select s.audio_file_name || case when count(*) over () > 1 then ' + ' || (count(*) over () - 1) || ' more' else '' end
                          from melody_stems s where s.composition_id = c.id order by s.position limit 1), 'Composition') as name,
              'Melody' as type, c.bpm, c.key, c.mode, c.created_at, c.withdrawn_at is not null as withdrawn
         from melody_compositions c where c.contributor_id = ?
       union all
       select id, 'drum', audio_file_name, drum_type, bpm, key, mode, created_at, withdrawn_at is not null from drum_loops where contributor_id = ?`,
      [contributorId, contributorId],
    );
    return rows.map((r) => ({ id: r.id, kind: r.kind, name: r.name, type: r.type, bpm: r.bpm, key: r.key, mode: r.mode, createdAt: new Date(r.created_at), withdrawn: r.withdrawn }));
  }

  /** Counts by kind, for the dataset page and the seeding check. */
  async counts(): Promise<{ compositions: number; drumLoops: number }> {
    const em = this.deps.orm.em.fork();
    const [compositions, drumLoops] = await Promise.all([em.count(MelodyComposition), em.count(DrumLoop)]);
    return { compositions, drumLoops };
  }

  /**
   * How many sample files each of these accounts has in the catalogue (melody stems and drum loops,
   * withdrawn ones included: they were uploaded), by account id. The demo library's files count for
   * its producers: their loops make the beats and they are credited and paid like anyone's.
   */
  async uploadedFileCounts(userIds: readonly string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows: { contributor_id: string; files: string }[] = await this.deps.orm.em.fork().getConnection().execute(
      `select contributor_id, sum(files) as files from (
         select c.contributor_id, count(*) as files from melody_stems s join melody_compositions c on c.id = s.composition_id
          where c.contributor_id = any(?::uuid[]) group by c.contributor_id
         union all
         select contributor_id, count(*) from drum_loops where contributor_id = any(?::uuid[]) group by contributor_id
       ) as counts group by contributor_id`,
      [`{${userIds.join(',')}}`, `{${userIds.join(',')}}`],
    );
    return new Map(rows.map((r) => [r.contributor_id, Number(r.files)]));
  }

  /**
   * How many producers have contributed to the catalogue: distinct contributors of uploaded melody
   * compositions and drum loops. The synthesised demo library's credited names are not people and
   * do not count.
   */
  async producerCount(): Promise<number> {
    const rows: { producers: string }[] = await this.deps.orm.em.fork().getConnection().execute(
      `select count(*) as producers from (
         select contributor_id from melody_compositions where not is_demo
         union
         select contributor_id from drum_loops where not is_demo
       ) as contributors`,
    );
    return Number(rows[0]?.producers ?? 0);
  }

  /**
   * Measures every file on the analyzer's threads, looking for its tempo near the declared one
   * (`bpms[i]`); the first unreadable file fails the upload.
   */
  private async measureAll(files: readonly UploadedFile[], bpms: readonly number[]): Promise<MeasuredFile[]> {
    const facts = await Promise.all(files.map((file, i) => this.deps.analyzer.measure(file, bpms[i])));
    return files.map((file, i) => ({ file, facts: facts[i] }));
  }

  private checkRequestSize(files: readonly UploadedFile[]): void {
    if (files.length > MAX_FILES_PER_REQUEST) throw badInput(TOO_MANY_FILES);
    const total = files.reduce((sum, f) => sum + f.size, 0);
    if (total > MAX_REQUEST_BYTES) throw badInput(REQUEST_TOO_LARGE);
  }

  /**
   * The producer's stored bytes, with this upload's, stay within their allowance. Under a lock per
   * producer held to the commit, so two uploads at once cannot both pass on the same room.
   */
  private async checkStorage(em: ReturnType<MikroORM['em']['fork']>, contributorId: string, adding: number): Promise<void> {
    await em.execute(`select pg_advisory_xact_lock(hashtext('uploads:' || ?))`, [contributorId]);
    const [row] = await em.execute<{ used: string }[]>(
      `select coalesce((select sum(s.audio_byte_size) from melody_stems s join melody_compositions c on c.id = s.composition_id where c.contributor_id = ?), 0)
            + coalesce((select sum(audio_byte_size) from drum_loops where contributor_id = ?), 0) as used`,
      [contributorId, contributorId],
    );
    const limit = this.deps.storageBytesPerProducer;
    if (Number(row.used) + adding > limit) {
      const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(bytes % 1024 ** 3 === 0 ? 0 : 2)} GB`;
      throw new DomainError(
        'PAYLOAD_TOO_LARGE',
        `This upload would take your stored samples past your ${gb(limit)} limit (${gb(Number(row.used))} used). Withdrawn samples still count, as beats made with them keep them.`,
      );
    }
  }

  /**
   * Writes every file's blob, then the rows (built by `build`) in one transaction; when anything
   * fails, the blobs already written are deleted so nothing is left behind.
   */
  private async storeAll<T extends object | object[]>(
    contributorId: string,
    measured: readonly MeasuredFile[],
    build: (em: ReturnType<MikroORM['em']['fork']>, keys: string[]) => Promise<T>,
  ): Promise<T> {
    const written: string[] = [];
    try {
      for (const m of measured) {
        const key = newBlobKey('samples', 'wav');
        // The spooled file itself: linked by the local store when it can, streamed to S3.
        await this.deps.blobs.putFile(key, m.file.path, { contentType: 'audio/wav' });
        written.push(key);
      }
      const em = this.deps.orm.em.fork();
      return await em.transactional(async (tem) => {
        await this.checkStorage(tem, contributorId, measured.reduce((sum, m) => sum + m.file.size, 0));
        const result = await build(tem, written);
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
