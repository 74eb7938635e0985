import { Router, type Request, type Response } from 'express';
import { create as attachmentDisposition } from 'content-disposition';
import { isValidBlobKey } from './blob-store';
import type { LocalBlobStore } from './local-blob-store';

export interface MediaRouterOptions {
  /** The origin(s) allowed to read media from scripts (the web app fetches audio cross-origin). */
  readonly corsOrigin?: string | readonly string[];
}

const INVALID_LINK = { error: 'Invalid or expired link.' };
const NOT_FOUND = { error: 'Not found.' };
// What send() may have set before failing; an error answer must not describe the file.
const FILE_HEADERS = ['Content-Type', 'Content-Disposition', 'Content-Length', 'Content-Range', 'Cache-Control', 'ETag', 'Last-Modified'];

interface SendError extends Error {
  status?: number;
  statusCode?: number;
  code?: string;
  headers?: Record<string, string>;
}

function applyCors(req: Request, res: Response, allowed: readonly string[]): void {
  if (!allowed.length) return;
  const origin = req.headers.origin;
  res.vary('Origin');
  // One configured origin is sent as is (responses stay cacheable); with several, the one asking.
  const allow = allowed.length === 1 ? allowed[0] : origin && allowed.includes(origin) ? origin : undefined;
  if (!allow) return;
  res.setHeader('Access-Control-Allow-Origin', allow);
  // Players read these to seek and to show progress.
  res.setHeader('Access-Control-Expose-Headers', 'Accept-Ranges, Content-Range, Content-Length, Content-Disposition, ETag');
}

function answerPreflight(res: Response): void {
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Range, If-Range, If-None-Match, If-Modified-Since');
  res.setHeader('Access-Control-Max-Age', '600');
  res.status(204).end();
}

/**
 * Serves the local blob store's signed links at `/media/<key>?exp=&sig=[&dl=]`: checks the
 * signature and expiry (403), then streams the file (404 when there is none) with its stored type,
 * byte ranges (206/416, as audio elements and wavesurfer seek with Range), ETag and Last-Modified
 * revalidation, private caching until the link expires, and an attachment disposition when the link
 * was signed as a download. The key is taken from the raw path and must be a valid key verbatim,
 * so percent-encoded slashes or dots, `..` and absolute paths never reach the file system.
 */
export function createMediaRouter(store: LocalBlobStore, options: MediaRouterOptions = {}): Router {
  const allowed = typeof options.corsOrigin === 'string' ? [options.corsOrigin] : [...(options.corsOrigin ?? [])];
  const router = Router();

  router.use(async (req, res) => {
    applyCors(req, res, allowed);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') return answerPreflight(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD, OPTIONS');
      res.status(405).json({ error: 'Method not allowed.' });
      return;
    }

    // req.path is still percent-encoded: a key never contains '%', so any encoding is refused here.
    const key = req.path.slice(1);
    if (!isValidBlobKey(key)) {
      res.status(404).json(NOT_FOUND);
      return;
    }
    const queryStart = req.url.indexOf('?');
    const link = store.checkLink(key, new URLSearchParams(queryStart < 0 ? '' : req.url.slice(queryStart + 1)));
    if (!link.ok) {
      res.status(403).json(INVALID_LINK);
      return;
    }
    const info = await store.stat(key);
    if (!info) {
      res.status(404).json(NOT_FOUND);
      return;
    }

    res.setHeader('Content-Type', info.contentType);
    res.setHeader('Cache-Control', `private, max-age=${Math.max(0, link.remainingSeconds)}`);
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    const disposition = link.downloadName !== undefined ? attachmentDisposition(link.downloadName) : info.contentDisposition;
    if (disposition) res.setHeader('Content-Disposition', disposition);

    // send (Express's static file server) does Range, If-Range, conditional GET and HEAD; it keeps
    // the Content-Type set above and refuses dotfiles and '..' once more.
    const error = await new Promise<SendError | undefined>((resolve) =>
      res.sendFile(key, { root: store.root, dotfiles: 'deny', acceptRanges: true, etag: true, lastModified: true }, (e) =>
        resolve(e),
      ),
    );
    if (!error || res.headersSent) return;
    for (const header of FILE_HEADERS) res.removeHeader(header);
    const status = error.status ?? error.statusCode;
    if (status === 416) {
      res.setHeader('Content-Range', error.headers?.['Content-Range'] ?? `bytes */${info.size}`);
      res.status(416).json({ error: 'Range not satisfiable.' });
    } else if (status === 412) {
      res.status(412).json({ error: 'Precondition failed.' });
    } else if (status === 404 || error.code === 'ENOENT') {
      res.status(404).json(NOT_FOUND); // deleted between the stat and the open
    } else {
      throw error; // the app's error handler logs it and answers 500
    }
  });

  return router;
}
