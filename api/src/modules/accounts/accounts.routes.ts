import { Router, json, type Request } from 'express';
import multer from 'multer';
import { MAX_PROFILE_IMAGE_BYTES } from '../../platform/storage/sniff-content-type';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { requestToken } from '../../platform/http/current-user';
import { checkedBody } from '../../platform/http/input-guards';
import { meteredMultipartForm } from '../../platform/http/metered-form';
import type { UploadBudget } from '../../platform/http/upload-budget';
import type { User } from './user.entity';
import type { AccountsService } from './accounts.service';
import { presentProfile, presentUserInfo, type ProfileBeat } from './accounts.presenter';

interface AccountsRoutesDeps {
  /** The user behind a request's verified token (services.resolveUser). */
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
  readonly accounts: AccountsService;
  readonly verifier: TokenVerifier;
  /** The user's beats, newest first (the beats module's service, handed in by app.ts). */
  readonly beatsOf: (user: User) => Promise<readonly ProfileBeat[]>;
  /** The account's subscription level (billing's, handed in by app.ts). */
  readonly planLevelOf: (userId: string) => Promise<number>;
  /** Ends the user's sessions at the identity provider (the built-in one); absent for external ones. */
  readonly endSessions?: (subject: string) => Promise<void>;
  /** Upload bytes in flight, per user and in all (the profile picture counts too). */
  readonly uploadBudget: UploadBudget;
}

const PROFILE_FIELDS = ['userType', 'creatorName', 'fname', 'lname', 'country'] as const;

/** The documented REST paths of accounts (requirements §L7): thin adapters over AccountsService. */
export function accountsRoutes({ accounts, verifier, endSessions, resolveUser, beatsOf, planLevelOf, uploadBudget }: AccountsRoutesDeps): Router {
  const router = Router();
  const authenticated = verifier.http({ required: true });
  const currentUser = (req: Request) => resolveUser(requestToken(req));
  // Every part bounded, and the whole body as it arrives: the picture, ten short fields and their framing.
  const profileForm = meteredMultipartForm({
    multer: {
      storage: multer.memoryStorage(),
      limits: { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 50 },
    },
    fileField: 'image',
    maxBytes: MAX_PROFILE_IMAGE_BYTES + 64 * 1024,
    budget: uploadBudget,
    tooLargeMessage: `The profile form may hold at most ${MAX_PROFILE_IMAGE_BYTES / (1024 * 1024)} MB.`,
  });

  router.post('/auth/logout', authenticated, async (req, res) => {
    const { sub } = requestToken(req);
    await endSessions?.(sub);
    res.json({ message: 'Logged out.' });
  });

  router.get('/account/profile', verifier.http({ required: true, tokens: 'account:read' }), async (req, res) => {
    const user = await currentUser(req);
    const [imageUrl, beats, level] = await Promise.all([accounts.imageUrl(user), beatsOf(user), planLevelOf(user.id)]);
    res.json(presentProfile(user, level, imageUrl, beats));
  });

  router.post('/account/profile', authenticated, profileForm, async (req, res) => {
    const user = await currentUser(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = Object.fromEntries(PROFILE_FIELDS.filter((f) => f in body).map((f) => [f, body[f]]));
    const image = req.file ? { bytes: req.file.buffer } : undefined;
    const updated = await accounts.updateProfile(user.id, input, image);
    const [imageUrl, beats, level] = await Promise.all([accounts.imageUrl(updated), beatsOf(updated), planLevelOf(updated.id)]);
    res.json({ message: 'Profile updated successfully.', ...presentProfile(updated, level, imageUrl, beats) });
  });

  // Requirements §L7 sends the web client's ID token here; today's clients send their access token: both work.
  router.get('/get-user-info', verifier.http({ required: true, tokens: 'account:read', idTokens: true }), async (req, res) => {
    res.json(presentUserInfo(await currentUser(req)));
  });

  router.post('/sync-user', authenticated, checkedBody(json({ limit: '4kb' })), async (req, res) => {
    const user = await accounts.syncUser(await currentUser(req), (req.body as unknown) ?? {});
    res.json({ message: 'User data saved.', username: user.username, email: user.email });
  });

  return router;
}
