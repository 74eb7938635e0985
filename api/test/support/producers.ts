import type { JsonObject } from './json';
import type { ApiUnderTest } from './test-app';
import { bearer, registerAndSignIn, subscribeLocally, type SignedInUser } from './users';

/** A birth date `years` years (and `days` days) before today, UTC, as YYYY-MM-DD. */
export function yearsAgo(years: number, days = 0, today = new Date()): string {
  const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - days));
  return date.toISOString().slice(0, 10);
}

let counter = 0;

/** A valid signup payload (requirements §P3) with a unique producer name; override any field. */
export function signupPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada${counter}_${Date.now()}@example.com`,
    birthDate: yearsAgo(30),
    producerName: `Producer ${counter}-${Math.random().toString(36).slice(2, 8)}`,
    stripeAccountId: '',
    proPro: 'BMI',
    proProId: '123456',
    masterRoyaltiesInfo: 'Self-released masters.',
    ...overrides,
  };
}

export async function rest(test: ApiUnderTest, method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${test.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? bearer(token) : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
  const type = response.headers.get('content-type') ?? '';
  const data = type.includes('json') ? ((await response.json()) as JsonObject) : Buffer.from(await response.arrayBuffer());
  return { status: response.status, body: data as JsonObject, headers: response.headers };
}

/** Signs up through POST /prod-signup; with the local payout provider, also finishes its onboarding page. */
export async function signUpProducer(test: ApiUnderTest, user: SignedInUser, overrides: Record<string, unknown> = {}, finishOnboarding = true) {
  const payload = signupPayload(overrides);
  const { status, body } = await rest(test, 'POST', '/prod-signup', user.accessToken, payload);
  if (status !== 200) throw new Error(`signup failed: ${status} ${JSON.stringify(body)}`);
  const redirect = body.redirect as string;
  if (finishOnboarding && redirect.includes('/local-payouts/')) {
    const finished = await fetch(redirect, { method: 'POST', redirect: 'manual' });
    if (finished.status !== 303) throw new Error(`local onboarding failed: ${finished.status}`);
  }
  return { payload, redirect };
}

/** A new signed-in user who is a producer (local payout onboarding finished). */
export async function registerProducer(test: ApiUnderTest, name = 'producer'): Promise<SignedInUser & { producerName: string }> {
  const user = await registerAndSignIn(test, name);
  const { payload } = await signUpProducer(test, user);
  return { ...user, producerName: payload.producerName as string };
}

/**
 * A producer on Premium, the plan uploads need (plan-gates.ts), subscribed through the local
 * checkout; a producer below it may sign up, price and set terms, not upload.
 */
export async function registerUploader(test: ApiUnderTest, name = 'uploader'): Promise<SignedInUser & { producerName: string }> {
  const producer = await registerProducer(test, name);
  await subscribeLocally(test, producer, 'premium');
  return producer;
}
