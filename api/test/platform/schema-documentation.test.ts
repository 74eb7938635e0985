import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRODUCTION_TEST_ENV, startTestApp, type TestApp } from '../support/test-app';

const COMMITTED_SCHEMA = readFileSync(join(__dirname, '..', '..', '..', 'schema.graphql'), 'utf8');
const INTROSPECTION = JSON.stringify({ query: '{ __schema { queryType { name } } }' });
const SANDBOX_CDN = 'https://embeddable-sandbox.cdn.apollographql.com';

const openExplorer = (app: TestApp) => fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } });
const introspect = (app: TestApp) =>
  fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: INTROSPECTION });

describe('the documented schema in development', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await startTestApp({ NODE_ENV: 'development' });
  });
  afterAll(async () => dev?.close());

  it('serves the SDL at /schema.graphql, the same text as the committed schema.graphql', async () => {
    const response = await fetch(`${dev.url}/schema.graphql`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(COMMITTED_SCHEMA);
  });

  it('serves Apollo Sandbox to a browser on GET /graphql, with its own CSP instead of the api header', async () => {
    const response = await openExplorer(dev);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(SANDBOX_CDN);
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'nonce-/);
    expect(response.headers.get('content-security-policy')).toBeNull();
    // The rest of the api keeps the strict header.
    const other = await fetch(`${dev.url}/healthz`);
    expect(other.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('answers introspection', async () => {
    const response = await introspect(dev);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });
});

describe('the documented schema in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await startTestApp(PRODUCTION_TEST_ENV);
  });
  afterAll(async () => prod?.close());

  it('still serves the SDL (the schema is public documentation)', async () => {
    const response = await fetch(`${prod.url}/schema.graphql`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(COMMITTED_SCHEMA);
  });

  it('serves no explorer page', async () => {
    const response = await openExplorer(prod);
    const body = await response.text();
    expect(body).not.toContain(SANDBOX_CDN);
    expect(response.headers.get('content-type') ?? '').not.toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('refuses introspection', async () => {
    const response = await introspect(prod);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.errors[0].message).toMatch(/introspection is not allowed/i);
  });
});
