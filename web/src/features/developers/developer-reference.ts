/** The facts /developers lists. Each figure is the api's (its source named beside it). */

/** The five stages of a generation (api beats/generation-stages.ts). */
export const STAGES = ['Getting audio files...', 'Arranging drums...', 'Arranging melody files...', 'Generating structure...', 'Applying mixing...'] as const;

/** The scopes an access token may carry; admin rights are never one of them. */
export const SCOPES: readonly { readonly scope: string; readonly grants: string }[] = [
  { scope: 'account:read', grants: 'Read your account: profile, plan and generation tokens left.' },
  { scope: 'beats:read', grants: 'Read your beats and follow their generation.' },
  { scope: 'beats:generate', grants: 'Generate, regenerate, extend to full beats and edit (spends generation tokens).' },
  { scope: 'licences:read', grants: 'Read your licences and download their files.' },
  { scope: 'licences:buy', grants: 'Start licence checkouts for your beats.' },
  { scope: 'uploads:write', grants: 'Producers: upload loops, retag and withdraw them.' },
  { scope: 'earnings:read', grants: 'Producers: read your earnings.' },
];

/** The main REST paths (api modules' *.routes.ts). */
export const REST_PATHS: readonly { readonly path: string; readonly does: string }[] = [
  { path: 'POST /generate_beat', does: 'Body { "prompt" }: generates a beat (1 token) and answers when it is ready, waiting up to 5 minutes, with audio_url, producer_info, tokens_remaining, Key, Mode, BPM, beat_structuring and beat_id.' },
  { path: 'POST /regenerate_beat', does: 'Body { "beat_id" }: a new beat from the same prompt (1 token).' },
  { path: 'POST /generate_full_beat', does: 'Body { "beat_id" }: the whole song (1 token; Early Access Premium or higher).' },
  { path: 'POST /change_stems, /remove_drum, /set_global_drum', does: 'Body { "beat_id", "sections" }: section edits (Early Access Premium or higher), answering new_audio_url, Key, Mode and BPM.' },
  { path: 'GET /get_beat_structure, /get_full_beat_structure', does: 'The structure of your latest first or full beat: { "structure" }.' },
  { path: 'GET /tokens_remaining, /subscription/level', does: 'Your generation tokens left; your plan level (1 Free to 4 Enterprise).' },
  { path: 'GET /account/profile', does: 'Your profile fields.' },
  { path: 'GET /beat-prods/:beat_id', does: 'The four licence prices of one of your beats, in US dollars (null for a tier it does not offer).' },
  { path: 'GET /producer-earnings', does: 'Producers: earnings totals, orders and loop use.' },
  { path: 'POST /uploadingmelsamples, /uploadingdrumsamples', does: 'Producers: upload WAV loops (files as base64 data URLs in JSON).' },
  { path: 'GET, POST /access-tokens; DELETE /access-tokens/:id', does: 'List, create and revoke access tokens (a signed-in browser session, not a token).' },
];

/** Limits (api config.ts defaults, beats.service.ts, catalog.limits.ts, app.ts body limits). */
export const LIMITS: readonly string[] = [
  'Requests: 120 a minute per access token by default; past it, 429 TOO_MANY_REQUESTS with a Retry-After header in seconds.',
  'Access tokens: 50 active ones per account.',
  'Generation: a prompt of 1 to 500 characters; at most 10 generations started a minute and 3 unfinished at once per account (TOO_MANY_REQUESTS).',
  'Generation tokens: a first beat, a regeneration and a full beat cost 1 each; section edits are free. Free has 25 a month, Early Access Premium and Premium 100, Enterprise 1,000.',
  'GraphQL operations: depth 10, cost 2,000, 30 aliases, 30 directives, 5,000 tokens and 5,000 fields once fragments are expanded (defaults of an install); a refusal is 400 GRAPHQL_VALIDATION_FAILED naming the limit in extensions.limit. One operation per request (no batching).',
  'Bodies: 100 kB of JSON on /graphql, 32 kB on the REST generation paths; 64 KB a WebSocket message.',
  'Uploads (producers): WAV only; 40 files, 50 MB a file and 200 MB a request; 200 upload requests a UTC day and 5 GB stored by default.',
  'Profile pictures: PNG, JPEG or WebP up to 5 MB.',
  'Addresses: signed audio and picture addresses last an hour by default; licence download addresses 5 minutes.',
  'Lists: myBeats gives your newest 200 beats; tokenHistory takes a limit of 1 to 200.',
];

/** Error codes (api platform/errors.ts, graphql limits) with a real message of each. */
export const ERRORS: readonly { readonly code: string; readonly status: number; readonly example: string }[] = [
  { code: 'UNAUTHENTICATED', status: 401, example: 'No token, or one that is revoked, expired or unknown: "Invalid or expired access token."' },
  { code: 'FORBIDDEN', status: 403, example: 'A token without the scope: "This token lacks the scope beats:generate." A plan too low: "Full beats and section editing need Early Access Premium or a higher plan."' },
  { code: 'BAD_USER_INPUT', status: 400, example: '"The prompt must be at most 500 characters."' },
  { code: 'GRAPHQL_VALIDATION_FAILED', status: 400, example: 'An unknown field, or a limit: "The query is too deep (depth 12, limit 10)."' },
  { code: 'GRAPHQL_PARSE_FAILED', status: 400, example: 'The query is not valid GraphQL.' },
  { code: 'NOT_FOUND', status: 404, example: '"That beat does not exist." (also for a beat that is someone else\'s)' },
  { code: 'CONFLICT', status: 409, example: '"You are already subscribed to this plan."' },
  { code: 'INSUFFICIENT_CREDITS', status: 402, example: '"Insufficient credits: you have no tokens left. Tokens refresh each billing cycle."' },
  { code: 'PAYLOAD_TOO_LARGE', status: 413, example: '"An upload may hold at most 200 MB."' },
  { code: 'TOO_MANY_REQUESTS', status: 429, example: '"You are generating too fast. Please wait a moment and try again."' },
  { code: 'INTERNAL_SERVER_ERROR', status: 500, example: '"Something went wrong. Please try again." (details are logged, never sent)' },
];
