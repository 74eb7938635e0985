import type { TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';

export interface CreatedToken {
  readonly id: string;
  readonly secret: string;
  readonly hint: string;
  readonly scopes: string[];
}

const CREATE = `mutation Create($input: CreateAccessTokenInput!) {
  createAccessToken(input: $input) { secret token { id name hint scopes createdAt expiresAt expired lastUsedAt useCount revokedAt } }
}`;

/** Creates a token through GraphQL with a browser session; throws with the error's message when refused. */
export async function createToken(test: TestApp, sessionToken: string, input: { name?: string; scopes: string[]; expiresInDays?: number | null }): Promise<CreatedToken> {
  const result = await graphql<{ createAccessToken: { secret: string; token: Omit<CreatedToken, 'secret'> } }>(
    test.url,
    CREATE,
    { input: { name: input.name ?? 'script', scopes: input.scopes, expiresInDays: input.expiresInDays ?? null } },
    sessionToken,
  );
  if (result.errors) throw new Error(result.errors[0].message);
  return { ...result.data!.createAccessToken.token, secret: result.data!.createAccessToken.secret };
}

export const CREATE_TOKEN = CREATE;

/** A REST call with a bearer token; answers the status, the JSON body and the headers. */
export async function restCall(test: TestApp, method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${test.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { raw: text };
  }
  return { status: response.status, body: json, headers: response.headers, text };
}
