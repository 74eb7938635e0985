import type { MikroORM } from '@mikro-orm/postgresql';
import { forbidden, notFound } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { DrumLoop } from './drum-loop.entity';
import { MelodyComposition } from './melody-composition.entity';
import { compositionTagsSchema, drumTagsSchema } from './catalog.schemas';
import { SampleTagLists } from './sample-tags.embeddable';
import { tagKeysOf, type SampleTags } from './tags';

export type UploadKind = 'composition' | 'drum';
export const MY_UPLOADS_PAGE_SIZE = 20;

export interface UploadsPage<T> {
  readonly items: T[];
  readonly total: number;
  readonly page: number;
  readonly pages: number;
}

const LABEL: Record<UploadKind, string> = { composition: 'composition', drum: 'drum loop' };

/**
 * A producer's own uploads: listed with their analysis, their tags edited, withdrawn. Only the
 * uploader may change one; another user's id answers FORBIDDEN, an unknown one NOT_FOUND.
 */
export class MyUploadsService {
  constructor(private readonly deps: { orm: MikroORM }) {}

  async compositions(userId: string, page: number, includeWithdrawn: boolean): Promise<UploadsPage<MelodyComposition>> {
    const em = this.deps.orm.em.fork();
    const where = { contributor: userId, ...(includeWithdrawn ? {} : { withdrawnAt: null }) };
    const [items, total] = await em.findAndCount(MelodyComposition, where, {
      populate: ['stems'],
      orderBy: { createdAt: 'desc', id: 'asc' },
      limit: MY_UPLOADS_PAGE_SIZE,
      offset: (page - 1) * MY_UPLOADS_PAGE_SIZE,
    });
    return { items, total, page, pages: Math.max(1, Math.ceil(total / MY_UPLOADS_PAGE_SIZE)) };
  }

  async drumLoops(userId: string, page: number, includeWithdrawn: boolean): Promise<UploadsPage<DrumLoop>> {
    const em = this.deps.orm.em.fork();
    const where = { contributor: userId, ...(includeWithdrawn ? {} : { withdrawnAt: null }) };
    const [items, total] = await em.findAndCount(DrumLoop, where, {
      orderBy: { createdAt: 'desc', id: 'asc' },
      limit: MY_UPLOADS_PAGE_SIZE,
      offset: (page - 1) * MY_UPLOADS_PAGE_SIZE,
    });
    return { items, total, page, pages: Math.max(1, Math.ceil(total / MY_UPLOADS_PAGE_SIZE)) };
  }

  /** Replaces every tag list of one of the user's uploads, in one statement. */
  async updateTags(userId: string, kind: UploadKind, id: string, body: unknown): Promise<MelodyComposition | DrumLoop> {
    const parsed = parseInput(kind === 'composition' ? compositionTagsSchema : drumTagsSchema, body);
    const tags: SampleTags = { artists: parsed.artists, instruments: parsed.instruments, genres: parsed.genres, moods: parsed.moods, tempoStyles: parsed.tempo_style };
    const lists = Object.assign(new SampleTagLists(), tags);
    const em = this.deps.orm.em.fork();
    await this.owned(userId, kind, id);
    const entity = kind === 'composition' ? MelodyComposition : DrumLoop;
    await em.nativeUpdate(entity as typeof MelodyComposition, { id, contributor: userId }, { tags: lists, tagKeys: tagKeysOf(tags) });
    return this.reload(kind, id);
  }

  /** Withdraws one of the user's uploads (again: no change). New beats never pick it; made beats keep it. */
  async withdraw(userId: string, kind: UploadKind, id: string): Promise<MelodyComposition | DrumLoop> {
    await this.owned(userId, kind, id);
    const entity = kind === 'composition' ? MelodyComposition : DrumLoop;
    await this.deps.orm.em.fork().nativeUpdate(entity as typeof MelodyComposition, { id, contributor: userId, withdrawnAt: null }, { withdrawnAt: new Date() });
    return this.reload(kind, id);
  }

  private async owned(userId: string, kind: UploadKind, id: string): Promise<void> {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (typeof id !== 'string' || !uuid.test(id)) throw notFound(`That ${LABEL[kind]} does not exist.`);
    const table = kind === 'composition' ? 'melody_compositions' : 'drum_loops';
    const [row] = await this.deps.orm.em.fork().execute<{ contributor_id: string }[]>(`select contributor_id from ${table} where id = ?`, [id]);
    if (!row) throw notFound(`That ${LABEL[kind]} does not exist.`);
    if (row.contributor_id !== userId) throw forbidden(`Only the producer who uploaded this ${LABEL[kind]} may change it.`);
  }

  private async reload(kind: UploadKind, id: string): Promise<MelodyComposition | DrumLoop> {
    const em = this.deps.orm.em.fork();
    return kind === 'composition' ? em.findOneOrFail(MelodyComposition, { id }, { populate: ['stems'] }) : em.findOneOrFail(DrumLoop, { id });
  }
}
