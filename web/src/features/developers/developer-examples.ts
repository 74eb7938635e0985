/** The addresses the examples use: this deployment's own (from GET /client-config). */
export interface ApiAddresses {
  readonly apiUrl: string;
  readonly graphqlUrl: string;
  readonly graphqlWsUrl: string;
}

/** A placeholder secret in the shape personal access tokens have. */
export const TOKEN_PLACEHOLDER = 'bp_pat_your_token';
export const EXAMPLE_PROMPT = 'trap type beat with country drums';

const FIRST_QUERY = '{ me { username subscriptionType tokensRemaining } }';

export const firstQueryCurl = ({ graphqlUrl }: ApiAddresses) => `curl ${graphqlUrl} \\
  -H 'Authorization: Bearer ${TOKEN_PLACEHOLDER}' \\
  -H 'Content-Type: application/json' \\
  -d '{"query": "${FIRST_QUERY}"}'`;

export const firstQueryTypeScript = ({ graphqlUrl }: ApiAddresses) => `const response = await fetch('${graphqlUrl}', {
  method: 'POST',
  headers: {
    authorization: \`Bearer \${process.env.BEAT_API_TOKEN}\`,
    'content-type': 'application/json',
  },
  body: JSON.stringify({ query: '${FIRST_QUERY}' }),
});
const { data, errors } = await response.json();
if (errors) throw new Error(\`\${errors[0].extensions.code}: \${errors[0].message}\`);
console.log(data.me); // { username, subscriptionType, tokensRemaining }`;

export const generateCurl = ({ graphqlUrl }: ApiAddresses) => `# Start the job (1 token); the answer comes at once with the job's id.
curl ${graphqlUrl} \\
  -H 'Authorization: Bearer ${TOKEN_PLACEHOLDER}' \\
  -H 'Content-Type: application/json' \\
  -d '{"query": "mutation ($prompt: String!) { generateBeat(prompt: $prompt) { id status } }",
       "variables": {"prompt": "${EXAMPLE_PROMPT}"}}'

# Without a WebSocket, poll the job until status is succeeded or failed.
curl ${graphqlUrl} \\
  -H 'Authorization: Bearer ${TOKEN_PLACEHOLDER}' \\
  -H 'Content-Type: application/json' \\
  -d '{"query": "{ generationJob(id: \\"JOB_ID\\") { status stage message beatId error errorCode } }"}'`;

export const generateTypeScript = ({ graphqlUrl, graphqlWsUrl }: ApiAddresses) => `// npm install graphql-ws ws   (Node 20 has no WebSocket of its own)
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const token = process.env.BEAT_API_TOKEN;
// Connect first: a stage that ends before the subscription holds is not sent again.
const client = createClient({
  url: '${graphqlWsUrl}',
  webSocketImpl: WebSocket,
  connectionParams: { authorization: \`Bearer \${token}\` },
  lazy: false,
});

const started = await fetch('${graphqlUrl}', {
  method: 'POST',
  headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },
  body: JSON.stringify({
    query: 'mutation ($prompt: String!) { generateBeat(prompt: $prompt) { id } }',
    variables: { prompt: '${EXAMPLE_PROMPT}' },
  }),
}).then((r) => r.json());
if (started.errors) throw new Error(started.errors[0].message);
const jobId = started.data.generateBeat.id;

const events = client.iterate({
  query: \`subscription ($jobId: ID!) {
    generationProgress(jobId: $jobId) {
      status stage message error errorCode
      beat { id title downloadUrl producers { name percent } }
    }
  }\`,
  variables: { jobId },
});
for await (const { data, errors } of events) {
  if (errors) throw new Error(errors[0].message);
  const event = data.generationProgress;
  if (event.message) console.log(\`[\${event.stage}/5] \${event.message}\`);
  if (event.status === 'failed') throw new Error(\`\${event.errorCode}: \${event.error}\`);
  if (event.status === 'succeeded') {
    console.log(event.beat.downloadUrl, event.beat.producers);
    break;
  }
}
await client.dispose();`;

export const exampleClientRun = ({ apiUrl }: ApiAddresses) => `git clone <this repository> && cd <it> && npm ci
BEAT_API_URL=${apiUrl} \\
BEAT_API_TOKEN=${TOKEN_PLACEHOLDER} \\
BEAT_PROMPT='${EXAMPLE_PROMPT}' \\
npm run generate-beat -w examples`;

export const restCurl = ({ apiUrl }: ApiAddresses) => `# Waits until the beat is ready (up to 5 minutes), then answers with it.
curl -X POST ${apiUrl}/generate_beat \\
  -H 'Authorization: Bearer ${TOKEN_PLACEHOLDER}' \\
  -H 'Content-Type: application/json' \\
  -d '{"prompt": "${EXAMPLE_PROMPT}"}'
# => { "audio_url": "...", "producer_info": [{ "producer": "...", "percentage": ... }],
#      "tokens_remaining": ..., "Key": "...", "Mode": "...", "BPM": ...,
#      "search_query": "...", "beat_structuring": "...", "beat_id": "...", "read_as": {...} }`;

export const restTypeScript = ({ apiUrl }: ApiAddresses) => `const response = await fetch('${apiUrl}/tokens_remaining', {
  headers: { authorization: \`Bearer \${process.env.BEAT_API_TOKEN}\` },
});
if (!response.ok) throw new Error(\`\${response.status}: \${(await response.json()).error}\`);
const { tokens_remaining } = await response.json();`;

export const deviceFlowCurl = ({ apiUrl }: ApiAddresses) => `# 1. Ask for a device code (the addresses are in ${apiUrl}/oidc/.well-known/openid-configuration).
curl -X POST ${apiUrl}/oidc/device/auth -d client_id=YOUR_CLIENT_ID -d 'scope=openid beats:read beats:generate'
# => { "device_code": "...", "user_code": "ABCD-EFGH", "verification_uri": "${apiUrl}/oidc/device", "interval": 5, ... }

# 2. Show the user the user_code and verification_uri; they sign in there and approve.
# 3. Poll the token endpoint every "interval" seconds until it answers with an access_token.
curl -X POST ${apiUrl}/oidc/token -d client_id=YOUR_CLIENT_ID \\
  -d grant_type=urn:ietf:params:oauth:grant-type:device_code -d device_code=DEVICE_CODE`;
