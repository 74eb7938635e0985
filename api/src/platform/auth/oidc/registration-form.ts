import { registrationSchema } from '../registration-rules';
import type { RegisterField } from './interaction-views';

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
  const result = registrationSchema.safeParse({ email: text(body.email), username: text(body.username), password });
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
