/** A non-ok answer from the api: the HTTP status, and the JSON body when there was one. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    statusText: string,
    readonly body: unknown,
  ) {
    super(`Network response was not ok: ${statusText}`);
  }

  /** The api's own words (`{ "error": ... }`, or `message` as in the spec's 401 body), if it sent any. */
  get serverMessage(): string | undefined {
    if (typeof this.body !== 'object' || this.body === null) return undefined;
    const { error, message } = this.body as { error?: unknown; message?: unknown };
    if (typeof error === 'string') return error;
    return typeof message === 'string' ? message : undefined;
  }
}

export interface ApiClient {
  /** Calls `path` on the api and answers its JSON (undefined for an empty body). */
  request<T>(path: string, init?: RequestInit): Promise<T>;
}

interface ApiClientOptions {
  readonly baseUrl: string;
  readonly getAccessToken: () => Promise<string | null>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one client for the api's REST paths (requirements §L7): a bearer access token fetched silently,
 * cookies included, a JSON content type unless the caller sets one (or sends FormData, whose
 * multipart boundary only the browser can write). A non-ok answer is logged and thrown as ApiError.
 */
export function createApiClient({ baseUrl, getAccessToken }: ApiClientOptions): ApiClient {
  return {
    async request<T>(path: string, init: RequestInit = {}): Promise<T> {
      const token = await getAccessToken();
      const headers = new Headers(init.headers);
      if (!headers.has('Content-Type') && !(init.body instanceof FormData)) headers.set('Content-Type', 'application/json');
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const response = await fetch(`${baseUrl}${path}`, { ...init, headers, credentials: 'include' });
      const body = await readBody(response);
      if (!response.ok) {
        const error = new ApiError(response.status, response.statusText, body);
        console.error(`${init.method ?? 'GET'} ${path}:`, error.message, error.status);
        throw error;
      }
      return body as T;
    },
  };
}
