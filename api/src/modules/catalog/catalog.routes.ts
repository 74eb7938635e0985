import { Router, type Request, type Response } from 'express';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { requestToken } from '../../platform/http/current-user';
import { findUnsafeText, unsafeTextMessage } from '../../platform/text-safety';
import type { User } from '../accounts';
import { DomainError, badInput } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { MAX_JSON_BODY_BYTES, REQUEST_TOO_LARGE } from './catalog.limits';
import { presentComposition, presentDrumLoop } from './catalog.presenter';
import { melodyUploadSchema, parseDrumUpload } from './catalog.schemas';
import type { CatalogService } from './catalog.service';
import { spoolJsonBody, uploadedFrom, type UploadSpool } from './upload-spool';
import { BodyMeter, declaredLength } from '../../platform/http/request-body';
import { UploadBudgetError, reserveUpload, type UploadBudget } from '../../platform/http/upload-budget';

interface CatalogRoutesDeps {
  /** The user behind a request's verified token (services.resolveUser). */
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
  readonly catalog: CatalogService;
  readonly verifier: TokenVerifier;
  /** Upload bytes in flight, per user and in all (shared with every upload path). */
  readonly budget: UploadBudget;
}

/**
 * POST /uploadingmelsamples and /uploadingdrumsamples (requirements §P7), JSON with base64 data URLs.
 * The producer is admitted before the body is read; the body is then streamed, every file decoded
 * straight to disk (upload-spool.ts), so a request never holds its files in memory, and counted as
 * it arrives (chunked or not) against the request's limit and the user's upload budget.
 */
export function catalogRoutes({ catalog, verifier, resolveUser, budget }: CatalogRoutesDeps): Router {
  const router = Router();
  const currentUser = (req: Request) => resolveUser(requestToken(req));

  const upload = (handle: (req: Request, res: Response, body: unknown, ticket: Awaited<ReturnType<CatalogService['admit']>>) => Promise<void>, spoolOf: (spool: UploadSpool) => void = () => undefined) =>
    async (req: Request, res: Response) => {
      const ticket = await catalog.admit(await currentUser(req));
      if (!req.is('application/json')) throw badInput('The upload must be sent as JSON (content-type: application/json).');
      // A body declared over the limit carries more than the upload limit in base64.
      const declared = declaredLength(req);
      if (declared !== null && declared > MAX_JSON_BODY_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', REQUEST_TOO_LARGE);
      const reservation = reserveUpload(budget, res, ticket.userId, declared);
      let spool: UploadSpool | undefined;
      try {
        spool = await catalog.openSpool();
        spoolOf(spool);
        const meter = new BodyMeter(MAX_JSON_BODY_BYTES, () => new DomainError('PAYLOAD_TOO_LARGE', REQUEST_TOO_LARGE), reservation);
        const body = await spoolJsonBody(req, spool, meter);
        // The files went to the spool; what stays in the body is text that reaches PostgreSQL.
        const unsafe = findUnsafeText(body);
        if (unsafe) throw badInput(unsafeTextMessage(unsafe));
        await handle(req, res, body, ticket);
      } catch (error) {
        if (error instanceof UploadBudgetError) res.set('Retry-After', String(error.retryAfterSeconds));
        throw error;
      } finally {
        await spool?.cleanup();
      }
    };

  router.post('/uploadingmelsamples', verifier.http({ required: true, tokens: 'uploads:write' }), upload(async (_req, res, body, ticket) => {
    const payload = parseInput(melodyUploadSchema, body ?? {});
    const composition = await catalog.uploadMelody(ticket, {
      files: payload.files.map(uploadedFrom),
      tags: {
        artists: payload.artists,
        instruments: payload.instruments,
        genres: payload.genres,
        moods: payload.moods,
        tempoStyles: payload.tempo_style,
      },
      bpm: payload.bpm,
      key: payload.key,
      mode: payload.mode,
    });
    res.status(201).json({ message: 'Files uploaded successfully!', composition: presentComposition(composition) });
  }));

  router.post('/uploadingdrumsamples', verifier.http({ required: true, tokens: 'uploads:write' }), upload(async (_req, res, body, ticket) => {
    const payload = parseDrumUpload(body ?? {});
    const loops = await catalog.uploadDrums(
      ticket,
      payload.entries.map((entry) => ({
        file: uploadedFrom(entry.file),
        drumType: entry.drumType,
        tags: {
          artists: entry.artists,
          instruments: entry.instruments,
          genres: entry.genres,
          moods: entry.moods,
          tempoStyles: entry.tempoStyle,
        },
        bpm: entry.bpm,
        key: entry.key ?? null,
        mode: entry.mode ?? null,
      })),
    );
    res.status(201).json({ message: 'Drum samples uploaded successfully!', drum_loops: loops.map(presentDrumLoop) });
  }));

  return router;
}
