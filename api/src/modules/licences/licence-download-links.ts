import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a download link grants: one file of one licence, to one account, until a moment. */
export interface DownloadGrant {
  readonly licenceId: string;
  readonly file: 'mp3' | 'wav' | 'stems' | 'document';
  readonly userId: string;
  /** Unix milliseconds. */
  readonly expiresAt: number;
}

const FILES = new Set(['mp3', 'wav', 'stems', 'document']);

/**
 * Signed, expiring download tokens bound to the holder's account: the payload (licence, file,
 * user, expiry) and an HMAC-SHA256 over it. The route also requires the holder's bearer token, so
 * a link used by another account, or after expiry, fails.
 */
export function createDownloadLinks(secret: string) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue(grant: DownloadGrant): string {
      const payload = Buffer.from(JSON.stringify([grant.licenceId, grant.file, grant.userId, grant.expiresAt])).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    /** The grant of a well-formed, correctly signed token (expired or not); null otherwise. */
    read(token: string): DownloadGrant | null {
      if (typeof token !== 'string' || token.length > 1000) return null;
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const [licenceId, file, userId, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
        if (typeof licenceId !== 'string' || typeof userId !== 'string' || typeof expiresAt !== 'number' || typeof file !== 'string' || !FILES.has(file)) return null;
        return { licenceId, file: file as DownloadGrant['file'], userId, expiresAt };
      } catch {
        return null;
      }
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
