import { z } from 'zod';
import { parseInput } from '../../platform/validation';
import { badInput } from '../../platform/errors';
import {
  ADDITIONAL_COMMENTS_MAX,
  LEASE_LABELS,
  LEASE_OPTIONS,
  YES_NO,
  type ContractTerms,
  type ExclusiveTerms,
  type LeaseTerms,
} from './contract-terms';
import { MAX_PRICE_CENTS, PRICE_FIELDS, PRICE_LABELS, type PriceField } from './pricing';
import { TEXTS } from './producers.errors';

export const PRO_OPTIONS = ['BMI', 'ASCAP', 'SESAC', 'TONO', 'GEMA', 'MCSC', 'ECAD'] as const;
export const MIN_PRODUCER_AGE = 18;
export const NAME_MAX = 50;
export const PRODUCER_NAME_MAX = 50;
export const PRO_ID_MAX = 50;
export const MASTERS_INFO_MAX = 1000;

/** Letters of any script (with their combining marks), nothing else: requirements §P5. */
const LETTERS = /^[\p{L}\p{M}]+$/u;
/** Control characters (a name or comment is one line of text, or plain paragraphs). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- same, for one-line fields (no tab or newline either)
const ONE_LINE_CONTROL = /[\u0000-\u001f\u007f]/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !CONTROL.test(v), `${label} contains characters that are not allowed.`);

const optionalText = (label: string, max: number, multiline = false) =>
  z
    .union([z.string({ error: `${label} must be text.` }), z.null()], { error: `${label} must be text.` })
    .optional()
    .transform((v) => (v == null ? null : v.trim() || null))
    .refine((v) => v === null || v.length <= max, `${label} must be at most ${max} characters.`)
    .refine((v) => v === null || !(multiline ? CONTROL : ONE_LINE_CONTROL).test(v), `${label} contains characters that are not allowed.`);

const personName = (label: string, lettersText: string) =>
  requiredText(label, NAME_MAX).refine((v) => LETTERS.test(v), lettersText);

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email({ error: 'Email is not a valid email address.' }))
  .transform((v) => v.toLowerCase());

const proSchema = z
  .union([z.enum(PRO_OPTIONS), z.literal(''), z.null()], { error: `PRO must be one of ${PRO_OPTIONS.join(', ')}.` })
  .optional()
  .transform((v) => v || null);

const proIdSchema = optionalText('PRO ID', PRO_ID_MAX);
const mastersInfoSchema = optionalText('Master royalties info', MASTERS_INFO_MAX, true);

/** A real calendar date, YYYY-MM-DD (a full ISO timestamp is cut to its date). */
export const birthDateSchema = z
  .string({ error: 'Birth date is required.' })
  .trim()
  .min(1, 'Birth date is required.')
  .transform((v, ctx) => {
    const date = v.length > 10 && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v;
    const m = ISO_DATE.exec(date);
    const parsed = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
    if (!m || !parsed || parsed.getUTCFullYear() !== +m[1] || parsed.getUTCMonth() !== +m[2] - 1 || parsed.getUTCDate() !== +m[3] || +m[1] < 1900) {
      ctx.addIssue({ code: 'custom', message: 'Birth date must be a date (YYYY-MM-DD).' });
      return z.NEVER;
    }
    return date;
  });

/** True when someone born on `birthDate` (YYYY-MM-DD) is at least `years` old on `today` (UTC). */
export function isAtLeast(birthDate: string, years: number, today = new Date()): boolean {
  const [y, m, d] = birthDate.split('-').map(Number);
  // The birthday of a 29 February falls on 1 March in other years (Date rolls it over).
  const comesOfAge = Date.UTC(y + years, m - 1, d);
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return todayUtc >= comesOfAge;
}

/** POST /prod-signup: the spec's signup payload (requirements §P3). stripeAccountId is the server's to set: ignored. */
export const signupSchema = z
  .object({
    firstName: personName('First name', TEXTS.firstNameLetters),
    lastName: personName('Last name', TEXTS.lastNameLetters),
    email: emailSchema,
    birthDate: birthDateSchema,
    producerName: requiredText('Producer name', PRODUCER_NAME_MAX),
    proPro: proSchema,
    proProId: proIdSchema,
    masterRoyaltiesInfo: mastersInfoSchema,
    stripeAccountId: z.unknown().optional(),
  })
  .strict();

export type SignupInput = Omit<z.output<typeof signupSchema>, 'stripeAccountId'>;

export function parseSignup(body: unknown, today = new Date()): SignupInput {
  const { stripeAccountId: _ignored, ...input } = parseInput(signupSchema, body);
  if (!isAtLeast(input.birthDate, MIN_PRODUCER_AGE, today)) throw badInput(TEXTS.underAge, { field: 'birthDate' });
  return input;
}

/** PUT /producer-account: the producer record; name, birth date and producer name are read-only. */
export const accountUpdateSchema = z
  .object({
    first_name: z.unknown().optional(),
    last_name: z.unknown().optional(),
    birth_date: z.unknown().optional(),
    prod_name: z.unknown().optional(),
    prod_email: emailSchema.optional(),
    prod_pro: proSchema,
    prod_pro_id: proIdSchema,
    prod_masters_info: mastersInfoSchema,
  })
  .strict();

export interface AccountUpdate {
  readonly readOnly: { first_name?: unknown; last_name?: unknown; birth_date?: unknown; prod_name?: unknown };
  /** Only the editable fields the request carried. */
  readonly changes: { prodEmail?: string; prodPro?: string | null; prodProId?: string | null; prodMastersInfo?: string | null };
}

export function parseAccountUpdate(body: unknown): AccountUpdate {
  const record = body && typeof body === 'object' && !Array.isArray(body) && 'producer' in body && typeof (body).producer === 'object'
    ? (body).producer
    : body;
  if (!record || typeof record !== 'object' || Array.isArray(record)) throw badInput('The producer record must be an object.');
  const given = record as Record<string, unknown>;
  const parsed = parseInput(accountUpdateSchema, record);
  const changes: { -readonly [K in keyof AccountUpdate['changes']]: AccountUpdate['changes'][K] } = {};
  if ('prod_email' in given) changes.prodEmail = parsed.prod_email;
  if ('prod_pro' in given) changes.prodPro = parsed.prod_pro;
  if ('prod_pro_id' in given) changes.prodProId = parsed.prod_pro_id;
  if ('prod_masters_info' in given) changes.prodMastersInfo = parsed.prod_masters_info;
  const { first_name, last_name, birth_date, prod_name } = parsed;
  return { readOnly: { first_name, last_name, birth_date, prod_name }, changes };
}

/** A price in US dollars as the form sends it (a number, or numeric text), to cents. */
function priceCents(field: PriceField) {
  const label = `${field} (${PRICE_LABELS[field]})`;
  return z
    .union([z.number(), z.string()], { error: `${label} is required and must be a number.` })
    .transform((v, ctx) => {
      const text = typeof v === 'number' ? String(v) : v.trim().replace(/^\$/, '');
      if (!/^\d+(\.\d+)?$/.test(text) && !(typeof v === 'number' && Number.isFinite(v))) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number.` });
        return z.NEVER;
      }
      const dollars = Number(text);
      if (!Number.isFinite(dollars)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number.` });
        return z.NEVER;
      }
      if (dollars <= 0) {
        ctx.addIssue({ code: 'custom', message: `${label} must be more than $0.` });
        return z.NEVER;
      }
      const cents = Math.round(dollars * 100);
      if (Math.abs(cents - dollars * 100) > 1e-6) {
        ctx.addIssue({ code: 'custom', message: `${label} must have at most 2 decimals (cents).` });
        return z.NEVER;
      }
      if (cents > MAX_PRICE_CENTS) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most $100,000.` });
        return z.NEVER;
      }
      return cents;
    });
}

/** POST /producer-pricing: the four prices in dollars, all required. */
export const pricingSchema = z
  .object(Object.fromEntries(PRICE_FIELDS.map((f) => [f, priceCents(f)])) as Record<PriceField, ReturnType<typeof priceCents>>)
  .strict();

export type PricingInput = Record<PriceField, number>;

export const parsePricing = (body: unknown): PricingInput => parseInput(pricingSchema, body);

/** A dropdown value: the option's text, or the number it shows ("1,000" and 1000 are "1000"). */
const option = (set: string, field: string, label: string, options: readonly string[]) =>
  z
    .union([z.string(), z.number()], { error: `${set}.${field} (${label}) is required.` })
    .transform((v) => String(v).trim().replace(/,/g, ''))
    .refine((v) => options.some((o) => o.toLowerCase() === v.toLowerCase()), `${set}.${field} (${label}) must be one of ${options.join(', ')}.`)
    .transform((v) => options.find((o) => o.toLowerCase() === v.toLowerCase())!);

const comments = (set: string) =>
  z
    .union([z.string(), z.null()], { error: `${set}.additional_comments must be text.` })
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= ADDITIONAL_COMMENTS_MAX, `${set}.additional_comments must be at most ${ADDITIONAL_COMMENTS_MAX} characters.`)
    .refine((v) => !CONTROL.test(v), `${set}.additional_comments contains characters that are not allowed.`);

const leaseSchema = (set: string) =>
  z
    .object({
      ...Object.fromEntries(Object.entries(LEASE_OPTIONS).map(([field, options]) => [field, option(set, field, LEASE_LABELS[field as keyof typeof LEASE_LABELS], options)])),
      additional_comments: comments(set),
    }, { error: `${set} must be an object.` })
    .strict();

const exclusiveSchema = (set: string) =>
  z.object({ sell_exclusives: option(set, 'sell_exclusives', 'Sell exclusives', YES_NO), additional_comments: comments(set) }, { error: `${set} must be an object.` }).strict();

/** POST /producer-contract: all four term sets, each complete. */
export const contractSchema = z
  .object({
    standlease_terms: leaseSchema('standlease_terms'),
    advancedlease_terms: leaseSchema('advancedlease_terms'),
    exclabel_terms: exclusiveSchema('exclabel_terms'),
    excindie_terms: exclusiveSchema('excindie_terms'),
  })
  .strict();

export const parseContract = (body: unknown): ContractTerms => {
  const parsed = parseInput(contractSchema, body);
  return {
    standlease_terms: parsed.standlease_terms as unknown as LeaseTerms,
    advancedlease_terms: parsed.advancedlease_terms as unknown as LeaseTerms,
    exclabel_terms: parsed.exclabel_terms as ExclusiveTerms,
    excindie_terms: parsed.excindie_terms as ExclusiveTerms,
  };
};
