import type { ReactElement } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApolloClient } from '../../../app/apollo/create-apollo-client';

/** One GraphQL multipart request as the api would read it: the variables with the files in place. */
export interface SentOperation {
  readonly operationName: string;
  readonly variables: Record<string, unknown>;
  readonly headers: Headers;
}

export interface ApiReply {
  readonly status: number;
  readonly body: unknown;
}

/** Puts the uploaded files where the request's `map` says (GraphQL multipart request spec). */
function readMultipart(form: FormData): { operationName: string; variables: Record<string, unknown> } {
  const operation = JSON.parse(form.get('operations') as string) as { operationName: string; variables: Record<string, unknown> };
  const map = JSON.parse(form.get('map') as string) as Record<string, string[]>;
  for (const [field, targets] of Object.entries(map)) {
    for (const target of targets) {
      const path = target.split('.');
      let node: Record<string, unknown> = operation;
      for (const segment of path.slice(0, -1)) node = node[segment] as Record<string, unknown>;
      node[path[path.length - 1]] = form.get(field);
    }
  }
  return operation;
}

export const wav = (name: string, bytes = 64) => new File([new Uint8Array(bytes)], name, { type: 'audio/wav' });

/** A GraphQL answer with one error carrying a code, as the api sends it. */
export const graphqlError = (message: string, code: string): ApiReply => ({
  status: 200,
  body: { data: null, errors: [{ message, extensions: { code } }] },
});

/**
 * Renders an upload screen on the app's real Apollo client (multipart upload link included) with
 * `fetch` answered by `respond`; records what was sent.
 */
export function renderWithUploadApi(ui: ReactElement, respond: (operation: SentOperation) => ApiReply | Promise<ApiReply>, options: { advanceTimers?: (ms: number) => void } = {}) {
  const sent: SentOperation[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body;
    const operation = body instanceof FormData ? readMultipart(body) : (JSON.parse(body as string) as { operationName: string; variables: Record<string, unknown> });
    const recorded = { ...operation, headers: new Headers(init.headers) };
    sent.push(recorded);
    const reply = await respond(recorded);
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  const { client } = createApolloClient({
    graphqlUrl: 'http://api.test/graphql',
    graphqlWsUrl: 'ws://api.test/graphql',
    getAccessToken: async () => 'token-1',
  });
  // Drops and "All files" pickers bypass the input's accept list, so tests pick any file.
  const user = userEvent.setup({ applyAccept: false, ...(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {}) });
  const view = render(<ApolloProvider client={client}>{ui}</ApolloProvider>);
  return { ...view, sent, user };
}

/**
 * Stubs media playback and object URLs (jsdom has neither). Returns what was played (each element's
 * src at play) and which object URLs were revoked; URLs read `blob:file-1`, `blob:file-2`, ...
 */
export function stubPlayback(): { played: string[]; revoked: string[] } {
  const played: string[] = [];
  const revoked: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, {
    createObjectURL: vi.fn(() => `blob:file-${++n}`),
    revokeObjectURL: vi.fn((url: string) => revoked.push(url)),
  }));
  return { played, revoked };
}
