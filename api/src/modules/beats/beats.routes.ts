import { Router, json, type Request } from 'express';
import { z } from 'zod';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { DomainError } from '../../platform/errors';
import { requestToken } from '../../platform/http/current-user';
import { checkedBody } from '../../platform/http/input-guards';
import type { User } from '../accounts';
import { parseInput } from '../../platform/validation';
import type { EditMode } from './beat-edits';
import type { BeatsService } from './beats.service';
import { presentGeneration } from './beats.presenter';

interface BeatsRoutesDeps {
  /** The user behind a request's verified token (services.resolveUser). */
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
  readonly beats: BeatsService;
  /** Billing's state of an account (level and credits), for the generation answers and two billing paths. */
  readonly billingStateOf: (userId: string) => Promise<{ readonly level: number; readonly credits: number }>;
  readonly verifier: TokenVerifier;
}

/** A full beat may take up to 5 minutes (requirements §L9); a first beat far less. */
const WAIT_MS = 5 * 60 * 1000;

const promptBody = z.object({ prompt: z.string({ error: 'Type what kind of beat you want.' }) });
const beatBody = z.object({ beat_id: z.string({ error: 'beat_id is required.' }).min(1, 'beat_id is required.') });
const editBody = beatBody.extend({ sections: z.unknown() });
/** The spec's form: the body is the map of sections itself, for the caller's latest beat. */
const isBareSectionMap = (body: unknown): boolean =>
  Boolean(body) && typeof body === 'object' && !Array.isArray(body) && !('beat_id' in (body as object)) && !('sections' in (body as object));

/**
 * The documented REST paths of generation (requirements §L7), thin adapters over BeatsService. They start
 * the same jobs as GraphQL and answer when the beat is ready, with the spec's response fields.
 */
export function beatsRoutes({ beats, verifier, resolveUser, billingStateOf }: BeatsRoutesDeps): Router {
  const router = Router();
  const body = checkedBody(json({ limit: '32kb' }));
  const currentUser = (req: Request) => resolveUser(requestToken(req));

  /** Runs a job to the end and answers like the spec's generation response. */
  const finish = async (req: Request, jobId: string) => {
    const user = await currentUser(req);
    const event = await beats.waitFor(user, jobId, WAIT_MS);
    if (event.status === 'failed') throw new DomainError((event.errorCode as never) ?? 'INTERNAL_SERVER_ERROR', event.error ?? 'Failed to generate beat. Please try again.');
    const beat = await beats.beat(user, event.beatId!);
    return presentGeneration(beats, beat, (await billingStateOf(user.id)).credits);
  };

  router.post('/generate_beat', verifier.http({ required: true, tokens: 'beats:generate' }), body, async (req, res) => {
    const { prompt } = parseInput(promptBody, req.body ?? {});
    const job = await beats.generate(await currentUser(req), prompt);
    res.json(await finish(req, job.id));
  });

  router.post('/regenerate_beat', verifier.http({ required: true, tokens: 'beats:generate' }), body, async (req, res) => {
    const { beat_id } = parseInput(beatBody, req.body ?? {});
    const job = await beats.regenerate(await currentUser(req), beat_id);
    res.json(await finish(req, job.id));
  });

  router.post('/generate_full_beat', verifier.http({ required: true, tokens: 'beats:generate' }), body, async (req, res) => {
    const { beat_id } = parseInput(beatBody, req.body ?? {});
    const job = await beats.makeFullBeat(await currentUser(req), beat_id);
    res.json(await finish(req, job.id));
  });

  const editRoute = (path: string, mode: EditMode, withProducers: boolean) =>
    router.post(path, verifier.http({ required: true, tokens: 'beats:generate' }), body, async (req, res) => {
      const user = await currentUser(req);
      const { beat_id, sections } = isBareSectionMap(req.body)
        ? { beat_id: (await beats.latestEditable(user)).id, sections: req.body as unknown }
        : parseInput(editBody, req.body ?? {});
      const job = await beats.edit(user, beat_id, mode, sections);
      const result = await finish(req, job.id);
      res.json({
        new_audio_url: result.audio_url,
        ...(withProducers ? { producer_info: result.producer_info } : {}),
        Key: result.Key,
        Mode: result.Mode,
        BPM: result.BPM,
        beat_id: result.beat_id,
      });
    });
  editRoute('/change_stems', 'swap', true);
  editRoute('/remove_drum', 'remove', false);
  editRoute('/set_global_drum', 'global', false);
  editRoute('/set_section_energy', 'energy', false);

  router.get('/get_beat_structure', verifier.http({ required: true, tokens: 'beats:read' }), async (req, res) => {
    res.json({ structure: (await beats.latestBeat(await currentUser(req), 'first'))?.structure ?? null });
  });
  router.get('/get_full_beat_structure', verifier.http({ required: true, tokens: 'beats:read' }), async (req, res) => {
    res.json({ structure: (await beats.latestBeat(await currentUser(req), 'full'))?.structure ?? null });
  });
  router.get('/subscription/level', verifier.http({ required: true, tokens: 'account:read' }), async (req, res) => {
    res.json({ level: (await billingStateOf((await currentUser(req)).id)).level });
  });
  router.get('/tokens_remaining', verifier.http({ required: true, tokens: 'account:read' }), async (req, res) => {
    res.json({ tokens_remaining: (await billingStateOf((await currentUser(req)).id)).credits });
  });

  return router;
}
