import { Router, json, type Request } from 'express';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { requestToken } from '../../platform/http/current-user';
import { badInput } from '../../platform/errors';
import type { User } from '../accounts';
import { presentComposition, presentDrumLoop } from './catalog.presenter';
import type { DrumLoop } from './drum-loop.entity';
import type { MelodyComposition } from './melody-composition.entity';
import type { MyUploadsService, UploadKind } from './my-uploads.service';

interface MyUploadsRoutesDeps {
  readonly myUploads: MyUploadsService;
  readonly verifier: TokenVerifier;
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
}

const KINDS: Record<string, UploadKind> = { compositions: 'composition', 'drum-loops': 'drum' };

/**
 * My uploads over REST: GET /my-uploads/{compositions|drum-loops}?page=n&include_withdrawn=true,
 * PUT /my-uploads/{kind}/{id}/tags, POST /my-uploads/{kind}/{id}/withdraw.
 */
export function myUploadsRoutes({ myUploads, verifier, resolveUser }: MyUploadsRoutesDeps): Router {
  const router = Router();
  const currentUser = (req: Request) => resolveUser(requestToken(req));
  const kindOf = (req: Request): UploadKind => {
    const kind = KINDS[String(req.params.kind)];
    if (!kind) throw badInput('The kind must be compositions or drum-loops.');
    return kind;
  };
  const present = (kind: UploadKind, item: MelodyComposition | DrumLoop) =>
    kind === 'composition' ? { composition: presentComposition(item as MelodyComposition) } : { drum_loop: presentDrumLoop(item as DrumLoop) };

  router.get('/my-uploads/:kind', verifier.http({ required: true, tokens: 'uploads:write' }), async (req, res) => {
    const kind = kindOf(req);
    const raw = req.query.page ?? '1';
    const page = typeof raw === 'string' && /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : NaN;
    if (Number.isNaN(page)) throw badInput('page must be a whole number from 1.');
    const includeWithdrawn = req.query.include_withdrawn === 'true';
    const userId = (await currentUser(req)).id;
    if (kind === 'composition') {
      const result = await myUploads.compositions(userId, page, includeWithdrawn);
      res.json({ compositions: result.items.map(presentComposition), total: result.total, pages: result.pages, current_page: result.page });
    } else {
      const result = await myUploads.drumLoops(userId, page, includeWithdrawn);
      res.json({ drum_loops: result.items.map(presentDrumLoop), total: result.total, pages: result.pages, current_page: result.page });
    }
  });

  router.put('/my-uploads/:kind/:id/tags', verifier.http({ required: true, tokens: 'uploads:write' }), json({ limit: '64kb' }), async (req, res) => {
    const kind = kindOf(req);
    const item = await myUploads.updateTags((await currentUser(req)).id, kind, String(req.params.id), req.body ?? {});
    res.json({ message: 'Tags updated.', ...present(kind, item) });
  });

  router.post('/my-uploads/:kind/:id/withdraw', verifier.http({ required: true, tokens: 'uploads:write' }), async (req, res) => {
    const kind = kindOf(req);
    const item = await myUploads.withdraw((await currentUser(req)).id, kind, String(req.params.id));
    res.json({ message: 'Withdrawn: it will not be used in new beats.', ...present(kind, item) });
  });

  return router;
}
