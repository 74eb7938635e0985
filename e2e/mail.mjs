// The api's outgoing mail in browser tests: without SMTP it writes each mail as <DATA_DIR>/mail/<id>.eml.
// The outbox sends right after a request's commit, in the background, so each reader here waits
// (polling the directory) until the mail it names has been written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** A mail body as nodemailer writes it: quoted-printable soft breaks and escapes undone. */
const unquote = (text) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** Every mail written so far, headers unfolded (RFC 5322 folds long ones onto several lines). */
function mails(dataDir) {
  const dir = join(dataDir, 'mail');
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    /* no mail yet */
  }
  return files.map((f) => readFileSync(join(dir, f), 'utf8').replace(/\r?\n[ \t]+/g, ' '));
}

/** Waits for the newest mail that `pick` (mail text -> value or undefined) answers, and returns the value. */
async function waitForMail(dataDir, pick, what, timeoutMs) {
  let found;
  await expect
    .poll(() => (found = mails(dataDir).map(pick).filter(Boolean).at(-1)), { message: `no ${what} within ${timeoutMs} ms`, timeout: timeoutMs })
    .toBeTruthy();
  return found;
}

/** The mail to `to` whose subject is `subject` (its raw text). */
export function mailTo(dataDir, to, subject, timeoutMs = 30_000) {
  const addressed = new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm');
  return waitForMail(dataDir, (text) => (addressed.test(text) && text.includes(`Subject: ${subject}`) ? text : undefined), `mail to ${to} with the subject "${subject}"`, timeoutMs);
}

/** The newest email confirmation link mailed to `email`. */
export function confirmationLink(dataDir, email, timeoutMs = 30_000) {
  return waitForMail(
    dataDir,
    (text) => (text.includes(`To: ${email}`) ? /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(unquote(text))?.[0] : undefined),
    `confirmation mail to ${email}`,
    timeoutMs,
  );
}
