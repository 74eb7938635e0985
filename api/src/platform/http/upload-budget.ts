import type { Response } from 'express';
import { DomainError } from '../errors';

export interface UploadBudgetSettings {
  /** Bytes of upload bodies one user may have in flight at once (every request of theirs together). */
  readonly perUserBytes: number;
  /** Bytes of upload bodies this process accepts in flight at once, every user together. */
  readonly totalBytes: number;
}

/** How long a refused client is told to wait: an upload in flight usually ends within a minute. */
export const UPLOAD_BUSY_RETRY_SECONDS = 30;

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Refusals of the budget: 429 for the user's own uploads, 503 for everyone's. */
export class UploadBudgetError extends DomainError {
  readonly retryAfterSeconds = UPLOAD_BUSY_RETRY_SECONDS;
}

/** One request's share of the budget: what it holds, grown as its body arrives, released once. */
export interface UploadReservation {
  /** Bytes held. */
  readonly bytes: number;
  /** Holds at least `bytes` in all (never less than held): throws UploadBudgetError when it does not fit. */
  cover(bytes: number): void;
  /** Gives everything back (idempotent). */
  release(): void;
}

/**
 * Upload bytes in flight (received and not yet released: in memory, or in temporary files), per
 * user and for the whole process. A request reserves what it declares (Content-Length) before its
 * body is read, or grows its reservation as a chunked body arrives; it releases everything once its
 * answer is sent. Per process on purpose: what it protects (the disk of the temporary files, the
 * memory of the parsers) is the instance's own.
 */
export class UploadBudget {
  private total = 0;
  private readonly perUser = new Map<string, number>();

  constructor(readonly settings: UploadBudgetSettings) {}

  /** Bytes in flight: for all users, and for one. */
  usage(userId?: string): number {
    return userId === undefined ? this.total : (this.perUser.get(userId) ?? 0);
  }

  /** Opens a reservation of `initialBytes` (the declared length, or 0 for a chunked body). */
  reserve(userId: string, initialBytes = 0): UploadReservation {
    let held = 0;
    let released = false;
    const reservation: UploadReservation = {
      get bytes() {
        return held;
      },
      cover: (bytes) => {
        if (released || bytes <= held) return;
        this.take(userId, bytes - held);
        held = bytes;
      },
      release: () => {
        if (released) return;
        released = true;
        this.give(userId, held);
        held = 0;
      },
    };
    reservation.cover(initialBytes);
    return reservation;
  }

  private take(userId: string, bytes: number): void {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine + bytes > this.settings.perUserBytes) {
      throw new UploadBudgetError(
        'TOO_MANY_REQUESTS',
        `You have too much being uploaded at once (at most ${mb(this.settings.perUserBytes)} MB in progress). Wait for your other uploads to finish, then try again.`,
      );
    }
    if (this.total + bytes > this.settings.totalBytes) {
      throw new UploadBudgetError('SERVICE_UNAVAILABLE', 'The server is busy receiving other uploads. Try again in a minute.');
    }
    this.perUser.set(userId, mine + bytes);
    this.total += bytes;
  }

  private give(userId: string, bytes: number): void {
    const left = (this.perUser.get(userId) ?? 0) - bytes;
    if (left > 0) this.perUser.set(userId, left);
    else this.perUser.delete(userId);
    this.total -= bytes;
  }
}

/**
 * A request's reservation, released once its answer is sent (or its connection closes): `declared`
 * is its Content-Length, or null for a chunked body (then a BodyMeter grows it). A refusal carries
 * Retry-After.
 */
export function reserveUpload(budget: UploadBudget, res: Response, userId: string, declared: number | null): UploadReservation {
  try {
    const reservation = budget.reserve(userId, declared ?? 0);
    res.once('close', () => reservation.release());
    return reservation;
  } catch (error) {
    if (error instanceof UploadBudgetError) res.set('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}
