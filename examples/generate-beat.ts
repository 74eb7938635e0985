/**
 * Generates a beat through the public API with a personal access token:
 *
 *   BEAT_API_TOKEN=bp_pat_... npm run generate-beat -w examples
 *
 * It starts `generateBeat`, prints every stage `generationProgress` reports over graphql-ws,
 * downloads the MP3 and prints the producers' shares. Environment:
 *   BEAT_API_TOKEN  required: an access token with the beats:generate and beats:read scopes
 *   BEAT_API_URL    the api (default http://localhost:4000)
 *   BEAT_PROMPT     what to make (default "trap type beat with country drums")
 *   BEAT_OUTPUT     where to save the MP3 (default ./beat-<id>.mp3)
 * Exits 0 with the beat saved, 1 when the api refuses or the generation fails, 2 on bad settings.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

interface GraphQLError {
  readonly message: string;
  readonly extensions?: { readonly code?: string };
}

interface Beat {
  readonly id: string;
  readonly title: string;
  readonly bpm: number;
  readonly key: string;
  readonly mode: string;
  readonly structure: string;
  readonly durationSeconds: number;
  readonly downloadUrl: string;
  readonly producers: readonly { readonly name: string; readonly percent: number }[];
}

interface Progress {
  readonly status: 'queued' | 'running' | 'succeeded' | 'failed';
  readonly stage: number;
  readonly message: string | null;
  readonly error: string | null;
  readonly errorCode: string | null;
  readonly tokensRemaining: number | null;
  readonly beat: Beat | null;
}

const GENERATE = `mutation GenerateBeat($prompt: String!) {
  generateBeat(prompt: $prompt) { id status }
}`;

const PROGRESS = `subscription GenerationProgress($jobId: ID!) {
  generationProgress(jobId: $jobId) {
    status stage message error errorCode tokensRemaining
    beat { id title bpm key mode structure durationSeconds downloadUrl producers { name percent } }
  }
}`;

/** A failure to report: the message, and the API's error code when it gave one. */
class ApiError extends Error {
  constructor(message: string, readonly code?: string) {
    super(code ? `${message} (${code})` : message);
  }
}

function settings() {
  const token = process.env.BEAT_API_TOKEN?.trim();
  if (!token) {
    console.error('BEAT_API_TOKEN is not set. Create an access token on My Account > Access tokens and run:');
    console.error('  BEAT_API_TOKEN=bp_pat_... npm run generate-beat -w examples');
    process.exit(2);
  }
  const apiUrl = (process.env.BEAT_API_URL?.trim() || 'http://localhost:4000').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(apiUrl)) {
    console.error(`BEAT_API_URL must start with http:// or https:// (got ${apiUrl}).`);
    process.exit(2);
  }
  const prompt = process.env.BEAT_PROMPT?.trim() || 'trap type beat with country drums';
  return { token, apiUrl, prompt, output: process.env.BEAT_OUTPUT?.trim() || undefined };
}

/** One GraphQL operation over HTTP with the token; throws the API's first error. */
async function graphql<T>(apiUrl: string, token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json().catch(() => null)) as { data?: T; errors?: GraphQLError[] } | null;
  const error = body?.errors?.[0];
  if (error) throw new ApiError(error.message, error.extensions?.code);
  if (!response.ok || !body?.data) throw new ApiError(`The API answered ${response.status} ${response.statusText}.`);
  return body.data;
}

/**
 * The five stages, in order, as generationProgress names them. A stage that ended before the
 * subscription took hold is not sent again (the first event is the job's current state): the
 * client prints it from this list, marked as such.
 */
const STAGES = ['Getting audio files...', 'Arranging drums...', 'Arranging melody files...', 'Generating structure...', 'Applying mixing...'];

/** A graphql-ws client, connected (token accepted) before the job starts, so its first events are not missed. */
async function connect(apiUrl: string, token: string) {
  const client = createClient({
    url: `${apiUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    // The API reads the token from connection_init's payload.
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: false,
    retryAttempts: 0,
  });
  await new Promise<void>((resolve, reject) => {
    const offConnected = client.on('connected', () => {
      offConnected();
      offClosed();
      resolve();
    });
    const offClosed = client.on('closed', (event) => {
      offConnected();
      offClosed();
      const close = event as { code?: number; reason?: string };
      reject(new ApiError(`The WebSocket was closed before it was ready (${close.code ?? '?'}${close.reason ? `: ${close.reason}` : ''}).`));
    });
  });
  return client;
}

type Client = Awaited<ReturnType<typeof connect>>;

/** Follows the job, printing each stage once; resolves with the finished beat. */
async function follow(client: Client, jobId: string): Promise<{ beat: Beat; tokensRemaining: number | null }> {
  let lastStage = 0;
  const printUpTo = (stage: number, message: string | null) => {
    for (let passed = lastStage + 1; passed < stage; passed++) console.log(`[${passed}/5] ${STAGES[passed - 1]} (done before the subscription started)`);
    if (stage > lastStage && message) console.log(`[${stage}/5] ${message}`);
    lastStage = Math.max(lastStage, stage);
  };
  try {
    for await (const result of client.iterate<{ generationProgress: Progress }>({ query: PROGRESS, variables: { jobId } })) {
      const error = result.errors?.[0];
      if (error) throw new ApiError(error.message, typeof error.extensions?.code === 'string' ? error.extensions.code : undefined);
      const event = result.data?.generationProgress;
      if (!event) continue;
      if (event.status === 'queued' || event.status === 'running') printUpTo(event.stage, event.message);
      if (event.status === 'failed') throw new ApiError(event.error ?? 'The generation failed.', event.errorCode ?? undefined);
      if (event.status === 'succeeded' && event.beat) {
        printUpTo(STAGES.length + 1, null);
        return { beat: event.beat, tokensRemaining: event.tokensRemaining };
      }
    }
  } catch (error) {
    // graphql-ws rejects with the socket's CloseEvent when the server closes the connection.
    if (error instanceof Error) throw error;
    const close = error as { code?: number; reason?: string };
    throw new ApiError(`The subscription was closed (${close.code ?? '?'}${close.reason ? `: ${close.reason}` : ''}).`);
  }
  throw new ApiError('The progress stream ended before the beat was ready.');
}

async function main(): Promise<void> {
  const { token, apiUrl, prompt, output } = settings();
  const started = Date.now();
  console.log(`Generating "${prompt}" on ${apiUrl}`);
  // A token the API refuses is reported as such (UNAUTHENTICATED) before anything else.
  await graphql<{ __typename: string }>(apiUrl, token, '{ __typename }', {});
  const client = await connect(apiUrl, token);
  let finished: Awaited<ReturnType<typeof follow>>;
  try {
    const { generateBeat: job } = await graphql<{ generateBeat: { id: string; status: string } }>(apiUrl, token, GENERATE, { prompt });
    console.log(`Job ${job.id} ${job.status}`);
    finished = await follow(client, job.id);
  } finally {
    await client.dispose();
  }
  const { beat, tokensRemaining } = finished;
  console.log(`Beat ${beat.id}: "${beat.title}", ${beat.bpm} BPM, ${beat.key} ${beat.mode}, structure ${beat.structure}, ${beat.durationSeconds.toFixed(1)} s`);

  // The download address is signed and expires (an hour by default): it needs no token.
  const audio = await fetch(beat.downloadUrl);
  if (!audio.ok) throw new ApiError(`The MP3 download answered ${audio.status} ${audio.statusText}.`);
  const bytes = Buffer.from(await audio.arrayBuffer());
  const file = resolve(output ?? `beat-${beat.id}.mp3`);
  await writeFile(file, bytes);
  console.log(`Saved ${bytes.length} bytes to ${file}`);

  console.log("Producers' shares:");
  for (const producer of beat.producers) console.log(`  ${producer.percent.toFixed(2).padStart(6)}%  ${producer.name}`);
  const total = beat.producers.reduce((sum, p) => sum + p.percent, 0);
  console.log(`  ${total.toFixed(2).padStart(6)}%  total`);
  if (tokensRemaining !== null) console.log(`Tokens remaining: ${tokensRemaining}`);
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
