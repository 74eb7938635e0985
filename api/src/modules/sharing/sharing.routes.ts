import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { DomainError, unauthenticated } from '../../platform/errors';
import { optionalRequestToken, requestToken } from '../../platform/http/current-user';
import { networkKey } from '../../platform/rate-limit/network-key';
import { TooManyRequestsError } from '../../platform/rate-limit/rate-limiter';
import type { User } from '../accounts';
import { linkPageHtml, notSharedHtml } from './link-page';
import { presentShareRest, presentSharedBeatRest } from './sharing.presenter';
import { RangeNotSatisfiable, type SharingService } from './sharing.service';
import { SHARING_TEXTS } from './sharing.texts';
import { throttle } from './throttle';
import { waveformPng } from './waveform-png';

interface SharingRoutesDeps {
  readonly sharing: SharingService;
  readonly verifier: TokenVerifier;
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
  readonly productName: string;
  readonly webOrigin: string;
  /** Audio streams open at once per network and shared beat (on this instance). */
  readonly streamsPerListener?: number;
}

/** The audio goes out at most this many times faster than it plays, after the first seconds. */
export const AUDIO_SPEED_LIMIT = 2;
/** Seconds of audio sent at once, so playback starts without waiting. */
export const AUDIO_BURST_SECONDS = 15;

/**
 * The REST paths of public beat pages (issue 36): the owner's share and unshare, the public beat
 * and its plays, the throttled audio stream, and the link page with its Open Graph picture.
 */
export function sharingRoutes({ sharing, verifier, resolveUser, productName, webOrigin, streamsPerListener = 2 }: SharingRoutesDeps): Router {
  const router = Router();
  const currentUser = (req: Request) => resolveUser(requestToken(req));
  const viewer = async (req: Request) => {
    const token = optionalRequestToken(req);
    // A bearer token that does not verify is refused, not taken for a visitor: its owner thinks they are signed in.
    if (req.headers.authorization && !token) throw unauthenticated('Invalid or expired access token.');
    return token ? resolveUser(token) : null;
  };
  const network = (req: Request) => networkKey(req.ip);
  const param = (req: Request, name: string) => String(req.params[name] ?? '');

  router.post('/beats/:beat_id/share', verifier.http({ required: true, tokens: 'beats:generate' }), async (req, res) => {
    res.json(presentShareRest(await sharing.share(await currentUser(req), param(req, 'beat_id'))));
  });
  router.delete('/beats/:beat_id/share', verifier.http({ required: true, tokens: 'beats:generate' }), async (req, res) => {
    await sharing.unshare(await currentUser(req), param(req, 'beat_id'));
    res.status(204).end();
  });
  router.get('/beats/:beat_id/share', verifier.http({ required: true, tokens: 'beats:read' }), async (req, res) => {
    const status = await sharing.status(await currentUser(req), param(req, 'beat_id'));
    if (!status) throw new DomainError('NOT_FOUND', SHARING_TEXTS.notShared);
    res.json(presentShareRest(status));
  });

  router.get('/shared-beats/:share_id', verifier.http({ required: false, tokens: 'public' }), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(presentSharedBeatRest(await sharing.publicBeat(param(req, 'share_id'), await viewer(req), network(req))));
  });
  router.post('/shared-beats/:share_id/plays', verifier.http({ required: false, tokens: 'public' }), async (req, res) => {
    res.json({ counted: await sharing.recordPlay(param(req, 'share_id'), await viewer(req), network(req)) });
  });

  // Open streams per network and beat on this instance: parallel range requests must not add up to
  // a download faster than the speed limit.
  const open = new Map<string, number>();
  router.get('/shared-beats/:share_id/audio', async (req, res) => {
    const shareId = param(req, 'share_id');
    const key = `${network(req)}:${shareId}`;
    if ((open.get(key) ?? 0) >= streamsPerListener) throw new TooManyRequestsError(SHARING_TEXTS.tooManyAudio, 5);
    const audio = await sharing.openAudio(shareId, req.query as Record<string, unknown>, req.headers.range, network(req)).catch((error: unknown) => {
      if (error instanceof RangeNotSatisfiable) {
        res.status(416).set('Content-Range', `bytes */${error.size}`).end();
        return null;
      }
      throw error;
    });
    if (!audio) return;
    open.set(key, (open.get(key) ?? 0) + 1);
    res.on('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
    res.status(audio.partial ? 206 : 200).set({
      'Content-Type': audio.contentType,
      'Content-Length': String(audio.end - audio.start + 1),
      'Accept-Ranges': 'bytes',
      // Played, not saved: no attachment, no cache that outlives the signed address.
      'Cache-Control': 'private, no-store',
      ...(audio.partial ? { 'Content-Range': `bytes ${audio.start}-${audio.end}/${audio.size}` } : {}),
    });
    // The player learns at once that the audio is coming (the body follows at the throttle's pace).
    res.flushHeaders();
    const rate = audio.bytesPerSecondOfAudio * AUDIO_SPEED_LIMIT;
    await pipeline(audio.stream, throttle({ bytesPerSecond: rate, burstBytes: audio.bytesPerSecondOfAudio * AUDIO_BURST_SECONDS }), res).catch(() => {
      // The listener went away (paused, closed the page, seeked): nothing to answer.
    });
  });

  const htmlError = (res: Response, error: unknown) => {
    if (error instanceof TooManyRequestsError) {
      res.status(429).set('Retry-After', String(error.retryAfterSeconds)).type('text/plain').send(error.message);
      return;
    }
    if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'BAD_USER_INPUT')) {
      res.status(404).type('html').send(notSharedHtml(productName, webOrigin));
      return;
    }
    throw error;
  };
  router.get('/s/:share_id', async (req, res) => {
    try {
      const preview = await sharing.linkPreview(param(req, 'share_id'), network(req));
      res.set('Cache-Control', 'no-cache').type('html').send(linkPageHtml(preview, productName));
    } catch (error) {
      htmlError(res, error);
    }
  });
  router.get('/s/:share_id/waveform.png', async (req, res) => {
    try {
      const preview = await sharing.linkPreview(param(req, 'share_id'), network(req));
      res.set('Cache-Control', 'public, max-age=300').type('image/png').send(await waveformPng(preview.peaks));
    } catch (error) {
      htmlError(res, error);
    }
  });

  return router;
}
