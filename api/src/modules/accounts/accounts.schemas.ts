import { z } from 'zod';
import { COUNTRIES } from './countries';
import { USER_TYPES } from './user-types';

/** The longest first or last name a profile (and so a licence) holds. */
export const NAME_MAX = 100;
export const COUNTRY_MESSAGE = 'Country must be one of the listed countries.';

/** A text field as the profile takes it: trimmed, at most `max` characters. */
export const profileText = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters.`);

/** Whether a country is one the profile's list offers. */
export const isListedCountry = (value: string): boolean => (COUNTRIES as readonly string[]).includes(value);

/** Optional text field of a profile: trimmed; empty means "clear it". */
const optionalText = (max: number, label: string) =>
  profileText(max, label)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const profileInputSchema = z
  .object({
    userType: z
      .string()
      .trim()
      .toLowerCase()
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional()
      .refine((v) => v == null || (USER_TYPES as readonly string[]).includes(v), {
        message: `User type must be one of: ${USER_TYPES.join(', ')}.`,
      }),
    creatorName: optionalText(100, 'Artist/producer name'),
    fname: optionalText(NAME_MAX, 'First name'),
    lname: optionalText(NAME_MAX, 'Last name'),
    country: z
      .string()
      .trim()
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional()
      .refine((v) => v == null || isListedCountry(v), { message: COUNTRY_MESSAGE }),
  })
  .strict();

export type ProfileInput = z.input<typeof profileInputSchema>;
export type ProfileChanges = z.output<typeof profileInputSchema>;

export { registrationSchema } from '../../platform/auth/registration-rules';

export const syncUserSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).email('Enter a valid email address.'),
  username: z.string().trim().min(1, 'Username is required.').max(60, 'Username is too long.'),
});
