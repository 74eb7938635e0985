import { Router, json, type Request, type RequestHandler } from 'express';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { requestToken } from '../../platform/http/current-user';
import { checkedBody } from '../../platform/http/input-guards';
import type { User } from '../accounts/user.entity';
import { DomainError } from '../../platform/errors';
import { parseInput } from '../../platform/validation';
import { MAX_JSON_BODY, REQUEST_TOO_LARGE } from './catalog.limits';
import { presentComposition, presentDrumLoop } from './catalog.presenter';
import { melodyUploadSchema, parseDrumUpload } from './catalog.schemas';
import type { CatalogService } from './catalog.service';
import { fileFromDataUrl } from './data-url';

interface CatalogRoutesDeps {
  /** The user behind a request's verified token (services.resolveUser). */
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
  readonly catalog: CatalogService;
  readonly verifier: TokenVerifier;
}

/** POST /uploadingmelsamples and /uploadingdrumsamples (spec 2 §7), JSON with base64 data URLs. */
export function catalogRoutes({ catalog, verifier, resolveUser }: CatalogRoutesDeps): Router {
  const router = Router();
  const authenticated = verifier.http({ required: true });
  const parseJson = json({ limit: MAX_JSON_BODY });
  // A body over the JSON limit carries more than the upload limit in base64: 413 with that limit's message.
  const parseBody: RequestHandler = (req, res, next) =>
    parseJson(req, res, (error?: unknown) =>
      next((error as { type?: string } | undefined)?.type === 'entity.too.large' ? new DomainError('PAYLOAD_TOO_LARGE', REQUEST_TOO_LARGE) : error),
    );
  const body = checkedBody(parseBody);
  const currentUser = (req: Request) => resolveUser(requestToken(req));

  router.post('/uploadingmelsamples', authenticated, body, async (req, res) => {
    const user = await currentUser(req);
    const payload = parseInput(melodyUploadSchema, req.body ?? {});
    const composition = await catalog.uploadMelody(user.id, {
      files: payload.files.map(fileFromDataUrl),
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
  });

  router.post('/uploadingdrumsamples', authenticated, body, async (req, res) => {
    const user = await currentUser(req);
    const payload = parseDrumUpload(req.body ?? {});
    const loops = await catalog.uploadDrums(
      user.id,
      payload.entries.map((entry) => ({
        file: fileFromDataUrl(entry.file),
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
  });

  return router;
}
