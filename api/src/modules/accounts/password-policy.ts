import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a new password must not be, beyond its length (8 to 128, the registration schema): one of the
 * 10,000 most common passwords of 8 characters or more (`api/data/common-passwords.txt`, built from
 * zxcvbn-ts's ranked dictionary by scripts/common-passwords.ts), compared without case, nor the
 * account's own email, username or the email's local part. NIST SP 800-63B asks for exactly this
 * kind of check instead of composition rules.
 */
export const COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';
export const PERSONAL_PASSWORD = 'The password must not be your email or username.';

// src/modules/accounts and dist/modules/accounts are both three levels below api/.
const LIST_PATH = join(__dirname, '..', '..', '..', 'data', 'common-passwords.txt');

let common: ReadonlySet<string> | undefined;

/** The list, read once (about 90 KB). */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(readFileSync(LIST_PATH, 'utf8').split('\n').filter(Boolean));
  return common;
}

/** Why `password` may not be used for this account, or null when it may. */
export function passwordProblem(password: string, account: { email: string; username: string }): string | null {
  const lower = password.toLowerCase();
  const personal = [account.email, account.username, account.email.split('@')[0]].map((value) => value.trim().toLowerCase());
  if (personal.includes(lower)) return PERSONAL_PASSWORD;
  if (commonPasswords().has(lower)) return COMMON_PASSWORD;
  return null;
}
