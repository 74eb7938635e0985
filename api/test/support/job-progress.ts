import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';

/**
 * A job's events on `generationProgress`, from the first (the job as it stands) to the end, over a
 * real graphql-ws connection signed in with `token`. `fields` selects the progress fields; the
 * client goes into `clients` so the suite can dispose of it.
 */
export function jobProgress<T>(apiUrl: string, token: string, jobId: string, fields: string, clients: Client[]): Promise<T[]> {
  const client = createClient({
    url: `${apiUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  clients.push(client);
  const events: T[] = [];
  return new Promise((resolve, reject) => {
    client.subscribe<{ generationProgress: T }>(
      { query: `subscription($id: ID!) { generationProgress(jobId: $id) { ${fields} } }`, variables: { id: jobId } },
      {
        next: (value) => {
          if (value.errors) reject(new Error(JSON.stringify(value.errors)));
          else events.push(value.data!.generationProgress);
        },
        error: reject,
        complete: () => resolve(events),
      },
    );
  });
}
