import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { buildSchema, execute, GraphQLError, OperationTypeNode, type ExecutionResult } from 'graphql';
import { Observable, type Subscriber } from 'rxjs';
import schemaSdl from '../../../../../schema.graphql?raw';
import type { FakeUser } from '../../../test/fake-backend';

const schema = buildSchema(schemaSdl);

export interface FakeBeat {
  id: string;
  title: string;
  prompt: string;
  bpm: number;
  key: string;
  mode: string;
  structure: string;
  kind: string;
  audioUrl: string;
  downloadUrl: string;
  durationSeconds: number;
  peaks: number[];
  producers: Array<{ name: string; percent: number }>;
  sections: Array<{ label: string; drums: string[]; removedDrums: string[]; energy: number }>;
  parentId: string | null;
  reading: { summary: string; ignored: string[] } | null;
  createdAt: string;
}

export interface FakeJob {
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  stage: number;
  message: string | null;
  beatId: string | null;
  error: string | null;
  errorCode: string | null;
}

/** The api's five stage messages (api/src/modules/beats/generation-stages.ts). */
export const STAGES = ['Getting audio files...', 'Arranging drums...', 'Arranging melody files...', 'Generating structure...', 'Applying mixing...'];

let beatCount = 0;

/** A beat as the api presents it; `over` replaces any field. */
export function fakeBeat(over: Partial<FakeBeat> = {}): FakeBeat {
  beatCount += 1;
  return {
    id: `beat-${beatCount}`,
    title: 'Trap Type Beat in A Minor',
    prompt: 'trap type beat with country drums',
    bpm: 140,
    key: 'A',
    mode: 'Minor',
    structure: 'IVC',
    kind: 'first',
    audioUrl: `http://api.test/media/beats/${beatCount}.mp3?exp=1&sig=x`,
    downloadUrl: `http://api.test/media/beats/${beatCount}.mp3?exp=1&sig=x&dl=1`,
    durationSeconds: 41.1,
    peaks: [0.2, 0.8, 0.5, 0.9],
    producers: [
      { name: 'Night Owl', percent: 62.5 },
      { name: 'Cowboy Loops', percent: 37.5 },
    ],
    sections: [
      { label: 'I', drums: ['Hihats'], removedDrums: [], energy: 0 },
      { label: 'V', drums: ['808s', 'Kicks', 'Snares', 'Hihats'], removedDrums: [], energy: 0 },
      { label: 'C', drums: ['808s', 'Kicks', 'Snares', 'Hihats', 'Cymbals'], removedDrums: [], energy: 0 },
    ],
    parentId: null,
    reading: { summary: 'trap, country drums', ignored: [] },
    createdAt: '2026-11-22T18:00:00.000Z',
    ...over,
  };
}

type Resolver = (args: Record<string, unknown>) => unknown;

export interface RecordedOperation {
  readonly operationName: string;
  readonly variables: Record<string, unknown>;
}

/**
 * The api as the generator sees it, behind an Apollo link: queries and mutations run against the
 * committed schema.graphql, and each job's `generationProgress` stream is pushed by the test
 * (stage events, the end, a broken socket), exactly as the api's subscription would deliver them.
 */
export class GenerationBackend {
  readonly operations: RecordedOperation[] = [];
  user: FakeUser = {
    id: 'user-1', username: 'demo', email: 'demo@ysm.local', userType: null, creatorName: null, fname: null, lname: null,
    country: null, imageUrl: null, subscriptionType: 'Free', subscriptionLevel: 1, tokensRemaining: 25, isAdmin: false,
    emailConfirmationPending: false,
    createdAt: '2026-01-05T10:00:00.000Z',
  };
  readonly beats = new Map<string, FakeBeat>();
  readonly jobs = new Map<string, FakeJob>();
  /** Replaces a resolver, e.g. to throw a GraphQL error or a network failure. */
  readonly overrides = new Map<string, Resolver>();
  private readonly streams = new Map<string, { observer: Subscriber<ExecutionResult>; document: ApolloLink.Operation }>();
  private readonly waiting = new Map<string, Array<() => void>>();
  private jobCount = 0;

  readonly link = new ApolloLink((operation) => {
    this.operations.push({ operationName: operation.operationName ?? '', variables: { ...operation.variables } });
    if (operation.operationType === OperationTypeNode.SUBSCRIPTION) return this.subscribe(operation);
    return new Observable<ExecutionResult>((observer) => {
      void this.run(operation).then(
        (result) => {
          observer.next(result);
          observer.complete();
        },
        (error: unknown) => observer.error(error),
      );
    });
  });

  readonly client = new ApolloClient({ link: this.link, cache: new InMemoryCache() });

  /** Operations of one name, in order. */
  sent(operationName: string): RecordedOperation[] {
    return this.operations.filter((op) => op.operationName === operationName);
  }

  /** Resolves once the client follows the job's progress. */
  subscribed(jobId: string): Promise<void> {
    if (this.streams.has(jobId)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.set(jobId, [...(this.waiting.get(jobId) ?? []), resolve]));
  }

  /** The job reached a stage (1 to 5) with the api's message. */
  stage(jobId: string, stage: number): void {
    this.update(jobId, { status: 'running', stage, message: STAGES[stage - 1] ?? null });
  }

  /** The job ended with a beat (null: the api said it succeeded but sent no beat). */
  succeed(jobId: string, beat: FakeBeat | null, tokensRemaining: number | null = this.user.tokensRemaining): void {
    if (beat) this.beats.set(beat.id, beat);
    this.update(jobId, { status: 'succeeded', stage: 5, message: null, beatId: beat?.id ?? null }, { beat, tokensRemaining });
    this.streams.get(jobId)?.observer.complete();
  }

  /** The job failed; its token comes back. */
  fail(jobId: string, error: string | null, errorCode: string | null = 'GENERATION_FAILED'): void {
    this.user.tokensRemaining += 1;
    this.update(jobId, { status: 'failed', message: null, error, errorCode }, { beat: null, tokensRemaining: this.user.tokensRemaining });
    this.streams.get(jobId)?.observer.complete();
  }

  /** The stream broke (a socket closed, or anything else the transport reports). */
  breakStream(jobId: string, error: unknown): void {
    this.streams.get(jobId)?.observer.error(error);
  }

  private update(jobId: string, change: Partial<FakeJob>, extra: { beat?: FakeBeat | null; tokensRemaining?: number | null } = {}): void {
    const job = { ...this.jobs.get(jobId)!, ...change };
    this.jobs.set(jobId, job);
    this.push(jobId, { ...job, beat: extra.beat ?? null, tokensRemaining: extra.tokensRemaining ?? null });
  }

  private push(jobId: string, event: Record<string, unknown>): void {
    const stream = this.streams.get(jobId);
    if (!stream) return;
    const result = execute({
      schema,
      document: stream.document.query,
      variableValues: stream.document.variables,
      rootValue: { generationProgress: () => event },
    }) as ExecutionResult;
    stream.observer.next(result);
  }

  private startJob(): FakeJob {
    this.jobCount += 1;
    const job: FakeJob = { id: `job-${this.jobCount}`, status: 'queued', stage: 0, message: null, beatId: null, error: null, errorCode: null };
    this.jobs.set(job.id, job);
    return job;
  }

  private charge(): FakeJob {
    if (this.user.tokensRemaining <= 0) {
      throw new GraphQLError('Insufficient credits: you have no tokens left. Tokens refresh each billing cycle.', { extensions: { code: 'INSUFFICIENT_CREDITS' } });
    }
    this.user.tokensRemaining -= 1;
    return this.startJob();
  }

  private requireLevel(): void {
    if (this.user.subscriptionLevel < 2) {
      throw new GraphQLError('Full beats and section editing need Early Access Premium or a higher plan.', { extensions: { code: 'FORBIDDEN' } });
    }
  }

  private beatOf(id: unknown): FakeBeat {
    const beat = this.beats.get(String(id));
    if (!beat) throw new GraphQLError('That beat does not exist.', { extensions: { code: 'NOT_FOUND' } });
    return beat;
  }

  private readonly defaults: Record<string, Resolver> = {
    me: () => this.user,
    beat: ({ id }) => this.beatOf(id),
    myBeats: () => [...this.beats.values()].reverse(),
    generationJob: ({ id }) => this.jobs.get(String(id)),
    generateBeat: () => this.charge(),
    regenerateBeat: ({ beatId }) => (this.beatOf(beatId), this.charge()),
    makeFullBeat: ({ beatId }) => (this.beatOf(beatId), this.requireLevel(), this.charge()),
    changeDrums: ({ beatId }) => (this.beatOf(beatId), this.requireLevel(), this.startJob()),
    removeDrums: ({ beatId }) => (this.beatOf(beatId), this.requireLevel(), this.startJob()),
    setGlobalDrums: ({ beatId }) => (this.beatOf(beatId), this.requireLevel(), this.startJob()),
    setSectionEnergy: ({ beatId }) => (this.beatOf(beatId), this.requireLevel(), this.startJob()),
  };

  private async run(operation: ApolloLink.Operation): Promise<ExecutionResult> {
    await Promise.resolve();
    const rootValue: Record<string, Resolver> = {};
    for (const [name, resolver] of Object.entries(this.defaults)) rootValue[name] = this.overrides.get(name) ?? resolver;
    // Other features' operations (licences) are answered by the resolvers their tests add.
    for (const [name, resolver] of this.overrides) rootValue[name] ??= resolver;
    // A resolver may throw a TypeError to play a fetch that never reached the api.
    // Held in an object: TypeScript does not see the resolvers' assignment and would narrow a `let` to null.
    const seen: { networkFailure?: TypeError } = {};
    const guarded = Object.fromEntries(
      Object.entries(rootValue).map(([name, resolver]) => [
        name,
        (args: Record<string, unknown>) => {
          try {
            return resolver(args);
          } catch (error) {
            if (error instanceof TypeError) seen.networkFailure = error;
            throw error;
          }
        },
      ]),
    );
    const result = (await execute({ schema, document: operation.query, variableValues: operation.variables, rootValue: guarded }));
    if (seen.networkFailure) throw seen.networkFailure;
    return result;
  }

  private subscribe(operation: ApolloLink.Operation): Observable<ExecutionResult> {
    return new Observable<ExecutionResult>((observer) => {
      const jobId = String(operation.variables.jobId);
      this.streams.set(jobId, { observer, document: operation });
      // As the api does: a subscriber first receives the job as it stands.
      const job = this.jobs.get(jobId);
      if (job) this.push(jobId, { ...job, beat: null, tokensRemaining: null });
      for (const resolve of this.waiting.get(jobId) ?? []) resolve();
      this.waiting.delete(jobId);
      return () => {
        if (this.streams.get(jobId)?.observer === observer) this.streams.delete(jobId);
      };
    });
  }
}
