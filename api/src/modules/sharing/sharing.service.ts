import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MikroORM } from '@mikro-orm/postgresql';
import { badInput, forbidden, notFound } from '../../platform/errors';
import type { BlobStore } from '../../platform/storage/blob-store';
import { TooManyRequestsError, type RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { User } from '../accounts';
import type { Beat, StoredProducerShare } from '../beats';
import type { BeatsService } from '../beats';
import { SHARING_TEXTS } from './sharing.texts';

/** The public link's id: 16 random bytes as base64url. */
const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

/** What the licences module tells sharing: who holds a beat's exclusive licence. */
export interface ExclusiveHolders {
  exclusiveHolder(beatId: string): Promise<string | null>;
}

/** A share as its owner sees it. */
export interface ShareStatus {
  readonly shareId: string;
  /** The link to paste: the api's page, which carries the Open Graph tags and sends browsers on to the web app. */
  readonly url: string;
  /** The web app's page of the beat. */
  readonly pageUrl: string;
  /** Listeners' plays, one per listener per UTC day, since the beat was first shared. */
  readonly plays: number;
  readonly createdAt: Date;
}

/** A shared beat as anyone sees it: nothing downloadable, audio only through a short-lived stream. */
export interface PublicBeat {
  readonly shareId: string;
  readonly title: string;
  readonly key: string;
  readonly mode: string;
  readonly bpm: number;
  readonly structure: string;
  readonly durationSeconds: number;
  readonly peaks: readonly number[];
  readonly producers: readonly { readonly name: string; readonly percent: number }[];
  /** Signed address of the rate-limited stream, valid `audioTtlSeconds`. */
  readonly audioUrl: string;
  readonly audioExpiresAt: Date;
  /** The viewer shared it (owner or exclusive holder): they get Get License and the plays. */
  readonly viewerIsOwner: boolean;
  /** The beat's id for its owner's Get License; null for everyone else. */
  readonly beatId: string | null;
  /** Plays, for the owner only; null for everyone else. */
  readonly plays: number | null;
  readonly url: string;
}

/** An opened audio stream: the bytes and how fast they may go. */
export interface SharedAudio {
  readonly stream: Readable;
  readonly size: number;
  readonly start: number;
  readonly end: number;
  readonly partial: boolean;
  readonly contentType: string;
  /** The file's own rate (bytes per second of audio): the route sends at most a multiple of it. */
  readonly bytesPerSecondOfAudio: number;
}

export interface SharingLimits {
  /** Public views of shared beats (and their link pages and pictures) per network. */
  readonly views: RateLimiter;
  /** Audio requests per network and share (a seek is a new range request). */
  readonly audio: RateLimiter;
  /** Play reports per network. */
  readonly plays: RateLimiter;
}

interface SharingDeps {
  readonly orm: MikroORM;
  readonly beats: BeatsService;
  readonly licences: ExclusiveHolders;
  readonly blobs: BlobStore;
  /** Signs audio addresses and keys anonymous listeners' networks. */
  readonly secret: string;
  readonly publicApiUrl: string;
  readonly webOrigin: string;
  readonly limits: SharingLimits;
  /** How long an audio address works (default 30 minutes, at least twice the beat). */
  readonly audioTtlSeconds?: number;
  readonly now?: () => number;
}

const ownerIdOf = (beat: Beat) => (typeof beat.owner === 'string' ? beat.owner : beat.owner.id);

/**
 * Public pages of beats (issue 36): the owner shares a beat under an unguessable id and stops
 * sharing at will; anyone plays it without signing in, through short-lived signed audio that the
 * route streams no faster than a multiple of real time; plays are counted once per listener a day.
 */
export class SharingService {
  constructor(private readonly deps: SharingDeps) {}

  /** Shares one of the user's beats (or the beat whose exclusive they hold); sharing a shared beat answers its link. */
  async share(user: User, beatId: string): Promise<ShareStatus> {
    const beat = await this.sharable(user, beatId);
    const em = this.deps.orm.em.fork();
    // One statement: concurrent shares of one beat get the same link (the unique beat_id decides); a
    // share left by someone who may no longer share it (the beat was sold as an exclusive) is replaced.
    await em.execute(
      `insert into beat_shares (id, beat_id, shared_by_id, created_at) values (?, ?, ?, now())
       on conflict (beat_id) do update set id = excluded.id, shared_by_id = excluded.shared_by_id, created_at = excluded.created_at
       where beat_shares.shared_by_id <> excluded.shared_by_id`,
      [randomBytes(16).toString('base64url'), beat.id, user.id],
    );
    const status = await this.status(user, beat.id);
    if (!status) throw notFound(SHARING_TEXTS.notShared);
    return status;
  }

  /** Stops sharing: the link answers 404 at once (and its audio stream with it). True when it was shared. */
  async unshare(user: User, beatId: string): Promise<boolean> {
    const beat = await this.sharable(user, beatId, { evenIfSharedBy: true });
    const rows = await this.deps.orm.em.fork().execute<{ id: string }[]>(`delete from beat_shares where beat_id = ? returning id`, [beat.id]);
    return rows.length > 0;
  }

  /** The owner's view of a beat's share, or null when it is not shared. */
  async status(user: User, beatId: string): Promise<ShareStatus | null> {
    const beat = await this.sharable(user, beatId, { evenIfSharedBy: true });
    const [row] = await this.deps.orm.em.fork().execute<{ id: string; created_at: Date }[]>(`select id, created_at from beat_shares where beat_id = ?`, [beat.id]);
    if (!row) return null;
    return { shareId: row.id, url: this.linkUrl(row.id), pageUrl: this.pageUrl(row.id), plays: await this.playsOf(beat.id), createdAt: new Date(row.created_at) };
  }

  /** A shared beat as the public page shows it. NOT_FOUND once sharing stopped. */
  async publicBeat(shareId: string, viewer: User | null, network: string | null): Promise<PublicBeat> {
    await this.limit(this.deps.limits.views, network ?? 'unknown', SHARING_TEXTS.tooManyViews);
    const { beat, sharedBy } = await this.liveShare(shareId);
    const isOwner = viewer !== null && viewer.id === sharedBy;
    const ttl = Math.max(this.deps.audioTtlSeconds ?? 30 * 60, Math.ceil(beat.durationSeconds * 2));
    const expires = Math.floor(this.now() / 1000) + ttl;
    return {
      shareId,
      title: beat.title,
      key: beat.key,
      mode: beat.mode,
      bpm: beat.bpm,
      structure: beat.structure,
      durationSeconds: beat.durationSeconds,
      peaks: beat.peaks,
      producers: publicProducers(beat.producerShares),
      audioUrl: `${this.deps.publicApiUrl}/shared-beats/${shareId}/audio?exp=${expires}&sig=${this.sign(`${shareId}.${expires}`)}`,
      audioExpiresAt: new Date(expires * 1000),
      viewerIsOwner: isOwner,
      beatId: isOwner ? beat.id : null,
      plays: isOwner ? await this.playsOf(beat.id) : null,
      url: this.linkUrl(shareId),
    };
  }

  /** The link page's and picture's view of a shared beat (no audio address, no viewer). */
  async linkPreview(shareId: string, network: string | null): Promise<{ title: string; description: string; peaks: readonly number[]; pageUrl: string; imageUrl: string; url: string }> {
    await this.limit(this.deps.limits.views, network ?? 'unknown', SHARING_TEXTS.tooManyViews);
    const { beat } = await this.liveShare(shareId);
    const producers = publicProducers(beat.producerShares).map((p) => p.name);
    const description = `${beat.key} ${beat.mode}, ${Math.round(beat.bpm)} BPM${producers.length ? `, with loops by ${producers.join(', ')}` : ''}. Listen on the storefront player.`;
    return { title: beat.title, description, peaks: beat.peaks, pageUrl: this.pageUrl(shareId), imageUrl: `${this.linkUrl(shareId)}/waveform.png`, url: this.linkUrl(shareId) };
  }

  /**
   * Counts a play of a shared beat: once per listener and UTC day (an account, or an anonymous
   * network). True when this was the listener's first play of the day.
   */
  async recordPlay(shareId: string, viewer: User | null, network: string | null): Promise<boolean> {
    await this.limit(this.deps.limits.plays, network ?? 'unknown', SHARING_TEXTS.tooManyPlays);
    const { beat } = await this.liveShare(shareId);
    const listener = viewer ? `user:${viewer.id}` : `net:${this.sign(`listener.${network ?? 'unknown'}`)}`;
    const rows = await this.deps.orm.em.fork().execute<{ beat_id: string }[]>(
      `insert into beat_plays (beat_id, listener, day, first_played_at) values (?, ?, (now() at time zone 'utc')::date, now())
       on conflict do nothing returning beat_id`,
      [beat.id, listener],
    );
    return rows.length > 0;
  }

  /**
   * Opens a shared beat's MP3 for a signed, unexpired address of a live share (a byte range when
   * asked). FORBIDDEN for a bad or expired signature, NOT_FOUND once sharing stopped.
   */
  async openAudio(shareId: string, query: { exp?: unknown; sig?: unknown }, range: string | undefined, network: string | null): Promise<SharedAudio> {
    if (!SHARE_ID.test(shareId ?? '')) throw notFound(SHARING_TEXTS.notShared);
    const exp = Number(query.exp);
    const sig = typeof query.sig === 'string' ? query.sig : '';
    if (!Number.isInteger(exp) || !this.verify(`${shareId}.${exp}`, sig)) throw forbidden(SHARING_TEXTS.badAudioLink);
    if (exp * 1000 < this.now()) throw forbidden(SHARING_TEXTS.expiredAudioLink);
    await this.limit(this.deps.limits.audio, `${network ?? 'unknown'}:${shareId}`, SHARING_TEXTS.tooManyAudio);
    const { beat } = await this.liveShare(shareId);
    const info = await this.deps.blobs.stat(beat.mp3BlobKey);
    if (!info) throw notFound(SHARING_TEXTS.notShared);
    const wanted = parseRange(range, info.size);
    if (wanted === 'unsatisfiable') throw new RangeNotSatisfiable(info.size);
    const start = wanted?.start ?? 0;
    const end = wanted?.end ?? info.size - 1;
    const stream = await this.deps.blobs.openStream(beat.mp3BlobKey, { start, end });
    return { stream, size: info.size, start, end, partial: wanted !== null, contentType: 'audio/mpeg', bytesPerSecondOfAudio: info.size / Math.max(1, beat.durationSeconds) };
  }

  /** Plays of one beat (one per listener per day). */
  async playsOf(beatId: string): Promise<number> {
    const [row] = await this.deps.orm.em.fork().execute<{ plays: number }[]>(`select count(*)::int as plays from beat_plays where beat_id = ?`, [beatId]);
    return row?.plays ?? 0;
  }

  /**
   * Plays summed per loop (melody composition or drum loop) over every beat made with it, for the
   * producers' loop records: a beat's plays count for each loop it was made from. Only the loops
   * named are answered (a loop without plays is 0).
   */
  async playsPerLoop(loopIds: readonly string[]): Promise<Map<string, number>> {
    const result = new Map(loopIds.map((id) => [id, 0]));
    if (!loopIds.length) return result;
    const perBeat = await this.deps.orm.em.fork().execute<{ beat_id: string; plays: number }[]>(
      `select beat_id, count(*)::int as plays from beat_plays group by beat_id`,
    );
    const loops = await this.deps.beats.loopsOf(perBeat.map((r) => r.beat_id));
    for (const { beat_id, plays } of perBeat) {
      for (const loopId of new Set(loops.get(beat_id) ?? [])) if (result.has(loopId)) result.set(loopId, result.get(loopId)! + plays);
    }
    return result;
  }

  /** The link the owner pastes. */
  linkUrl(shareId: string): string {
    return `${this.deps.publicApiUrl}/s/${shareId}`;
  }

  /** The web app's page. */
  pageUrl(shareId: string): string {
    return `${this.deps.webOrigin}/shared/${shareId}`;
  }

  /** The share behind an id, if it is still live: NOT_FOUND otherwise, BAD_USER_INPUT for a malformed id. */
  private async liveShare(shareId: string): Promise<{ beat: Beat; sharedBy: string }> {
    if (typeof shareId !== 'string' || !SHARE_ID.test(shareId)) throw badInput(SHARING_TEXTS.malformedId);
    const [row] = await this.deps.orm.em.fork().execute<{ beat_id: string; shared_by_id: string }[]>(`select beat_id, shared_by_id from beat_shares where id = ?`, [shareId]);
    if (!row) throw notFound(SHARING_TEXTS.notShared);
    const beat = await this.deps.beats.findBeat(row.beat_id);
    if (!beat) throw notFound(SHARING_TEXTS.notShared);
    // A beat sold as an exclusive after it was shared is public only if its exclusive owner shared it.
    const holder = await this.deps.licences.exclusiveHolder(beat.id);
    if ((holder ?? ownerIdOf(beat)) !== row.shared_by_id) throw notFound(SHARING_TEXTS.notShared);
    return { beat, sharedBy: row.shared_by_id };
  }

  /**
   * The beat, if the user may share it: its owner, or, once it is sold as an exclusive, only the
   * holder of that exclusive. NOT_FOUND for a malformed or unknown id, FORBIDDEN for anyone else.
   */
  private async sharable(user: User, beatId: string, options: { evenIfSharedBy?: boolean } = {}): Promise<Beat> {
    const beat = typeof beatId === 'string' ? await this.deps.beats.findBeat(beatId) : null;
    if (!beat) throw notFound(SHARING_TEXTS.beatNotFound);
    const holder = await this.deps.licences.exclusiveHolder(beat.id);
    if (holder ? holder === user.id : ownerIdOf(beat) === user.id) return beat;
    if (options.evenIfSharedBy) {
      // Whoever shared a beat may always stop sharing it.
      const rows = await this.deps.orm.em.fork().execute(`select 1 from beat_shares where beat_id = ? and shared_by_id = ?`, [beat.id, user.id]);
      if (rows.length) return beat;
    }
    throw forbidden(holder ? SHARING_TEXTS.exclusiveOnly : SHARING_TEXTS.notOwner);
  }

  private async limit(limiter: RateLimiter, key: string, message: string): Promise<void> {
    const decision = await limiter.consume(key);
    if (!decision.allowed) throw new TooManyRequestsError(message, decision.retryAfterSeconds);
  }

  private sign(text: string): string {
    return createHmac('sha256', this.deps.secret).update(text).digest('base64url');
  }

  private verify(text: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}

/** A producer's name and share, never their account. */
const publicProducers = (shares: readonly StoredProducerShare[]) => shares.map((s) => ({ name: s.name, percent: s.percent }));

/** A Range header the file cannot satisfy (answered 416 with the size). */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super('Range Not Satisfiable');
  }
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null without a header (the whole file). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return 'unsatisfiable';
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
