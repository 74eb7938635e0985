import { z } from 'zod';
import { API_SCOPES, isApiScope } from '../../platform/auth/api-scopes';

export const MAX_ACTIVE_TOKENS = 50;
export const MAX_NAME_LENGTH = 60;
export const MAX_EXPIRY_DAYS = 365;
/** A new token's life when its creator names none (a token that never expires is no longer made). */
export const DEFAULT_EXPIRY_DAYS = 90;

export const TOO_MANY_TOKENS = `You have ${MAX_ACTIVE_TOKENS} active access tokens, the most allowed. Revoke one to create another.`;

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

const name = z
  .string({ error: 'Give the token a name.' })
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, 'Give the token a name.')
  .refine((value) => [...value].length <= MAX_NAME_LENGTH, `A token name is at most ${MAX_NAME_LENGTH} characters.`)
  .refine((value) => !/[<>]/.test(value), 'A token name may not contain < or >.')
  .refine((value) => !CONTROL.test(value), 'A token name may not contain control characters or line breaks.');

const scopes = z
  .array(z.string({ error: 'Each scope is a name such as beats:read.' }), { error: 'Choose at least one scope.' })
  .min(1, 'Choose at least one scope.')
  .max(API_SCOPES.length * 2, 'Too many scopes.')
  .superRefine((values, ctx) => {
    const unknown = values.find((value) => !isApiScope(value));
    if (unknown === undefined) return;
    const shown = unknown.length <= 40 && !CONTROL.test(unknown) ? `"${unknown}"` : 'given';
    ctx.addIssue({ code: 'custom', message: `The scope ${shown} does not exist. Scopes: ${API_SCOPES.join(', ')}.` });
  })
  .transform((values) => API_SCOPES.filter((scope) => values.includes(scope)));

const EXPIRY_RANGE = `A token expires after 1 to ${MAX_EXPIRY_DAYS} days (${DEFAULT_EXPIRY_DAYS} when not given).`;

const expiresInDays = z
  .number({ error: EXPIRY_RANGE })
  .int(`A token expires after a whole number of days (1 to ${MAX_EXPIRY_DAYS}).`)
  .min(1, EXPIRY_RANGE)
  .max(MAX_EXPIRY_DAYS, EXPIRY_RANGE)
  .nullish()
  .transform((value) => value ?? DEFAULT_EXPIRY_DAYS);

/** POST /access-tokens and createAccessToken's input. */
export const createAccessTokenSchema = z.object({ name, scopes, expiresInDays }, { error: 'Send a JSON object with name, scopes and, optionally, expiresInDays.' });

/** POST /access-tokens/:id/extend and extendAccessToken's input: the new expiry, counted from now. */
export const extendAccessTokenSchema = z.strictObject({ expiresInDays }, { error: 'Send a JSON object with, optionally, expiresInDays.' });

export type CreateAccessTokenRequest = z.infer<typeof createAccessTokenSchema>;
