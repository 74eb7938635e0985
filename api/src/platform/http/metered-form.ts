import type { Readable, Writable } from 'node:stream';
import type { RequestHandler, Response } from 'express';
import multer from 'multer';
import { DomainError } from '../errors';
import { verifiedTokenOf } from '../auth/token-verifier';
import { BodyMeter, declaredLength } from './request-body';
import { UploadBudgetError, reserveUpload, type UploadBudget } from './upload-budget';
import { checkedBody } from './input-guards';

export interface MeteredFormSettings {
  /** multer's limits (every field, file and part bounded) and storage. */
  readonly multer: multer.Options;
  /** The one file field of the form. */
  readonly fileField: string;
  /** The whole body, every part and its framing included. */
  readonly maxBytes: number;
  readonly budget: UploadBudget;
  /** Said when the body is over `maxBytes`. */
  readonly tooLargeMessage: string;
}

function answer(res: Response, error: DomainError): void {
  if (res.headersSent) return;
  if (error instanceof UploadBudgetError) res.set('Retry-After', String(error.retryAfterSeconds));
  res.status(error.status).json({ error: error.message });
}

/**
 * A multipart form read by multer for a signed-in user (mount it after the bearer check): its
 * body's bytes are counted as they arrive, chunked or not, against `maxBytes` and the user's upload
 * budget. Past either the request is answered at once (413, 429 or 503) and its body left unread:
 * multer on its own would read the rest of an oversized body, however long, before answering.
 */
export function meteredMultipartForm(settings: MeteredFormSettings): RequestHandler {
  const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', settings.tooLargeMessage);
  const plain = multer(settings.multer).single(settings.fileField);
  return checkedBody((req, res, next) => {
    if (!req.is('multipart')) return plain(req, res, next);
    const token = verifiedTokenOf(req);
    if (!token) return next(new DomainError('UNAUTHENTICATED', 'Authentication required.'));
    const declared = declaredLength(req);
    if (declared !== null && declared > settings.maxBytes) return next(tooLarge());
    let meter: BodyMeter;
    try {
      meter = new BodyMeter(settings.maxBytes, tooLarge, reserveUpload(settings.budget, res, token.sub, declared));
    } catch (error) {
      return next(error);
    }
    // multer 2 feeds busboy through `streamHandler` (not in its typings yet).
    const options = {
      ...settings.multer,
      streamHandler: (source: Readable, busboy: Writable & { destroy(error?: Error): void }) => {
        meter.once('error', (error: DomainError) => {
          source.unpipe(meter);
          answer(res, error);
          // multer then cleans up; its own next(error) finds the answer sent.
          busboy.destroy(error);
        });
        source.pipe(meter).pipe(busboy);
      },
    } as multer.Options;
    multer(options).single(settings.fileField)(req, res, next);
  });
}
