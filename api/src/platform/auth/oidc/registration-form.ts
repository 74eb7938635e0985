import { z } from 'zod';
import type { RegisterField } from './interaction-views';

/** Same rules and wording as the accounts module's registration schema, checked at the form. */
const registrationFormSchema = z.object({
  email: z.string().trim().toLowerCase().max(254, 'Email is too long.').email('Enter a valid email address.'),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,30}$/, 'Username must be 3 to 30 letters, digits, dots, dashes or underscores.'),
  password: z.string().min(8, 'Password must be at least 8 characters.').max(128, 'Password must be at most 128 characters.'),
});

export interface RegistrationForm {
  readonly email: string;
  readonly username: string;
  readonly password: string;
}

export type RegistrationFormResult =
  | { readonly ok: true; readonly value: RegistrationForm }
  | { readonly ok: false; readonly fieldErrors: Partial<Record<RegisterField, string>> };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Validates a posted registration form; every invalid field gets its first message. */
export function parseRegistrationForm(body: Record<string, unknown>): RegistrationFormResult {
  const password = text(body.password);
  const result = registrationFormSchema.safeParse({ email: text(body.email), username: text(body.username), password });
  const fieldErrors: Partial<Record<RegisterField, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const name = issue.path[0] as RegisterField;
    fieldErrors[name] ??= issue.message;
  }
  // Checked apart from the schema so that a mismatch is reported together with the other fields.
  if (password !== text(body.confirmPassword)) fieldErrors.confirmPassword = 'Passwords do not match.';
  if (result.success && Object.keys(fieldErrors).length === 0) return { ok: true, value: result.data };
  return { ok: false, fieldErrors };
}
