// The api's outgoing mail in browser tests: without SMTP it writes each mail as <DATA_DIR>/mail/<id>.eml.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A mail body as nodemailer writes it: quoted-printable soft breaks and escapes undone. */
const unquote = (text) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The newest email confirmation link mailed to `email`, waiting for the mail to be written (the
 * outbox sends it right after the registration, in the background).
 */
export async function confirmationLink(dataDir, email, timeoutMs = 30_000) {
  const dir = join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      /* no mail yet */
    }
    const links = files
      .map((f) => unquote(readFileSync(join(dir, f), 'utf8')))
      .filter((mail) => mail.includes(`To: ${email}`))
      .map((mail) => /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(mail)?.[0])
      .filter(Boolean);
    if (links.length) return links[links.length - 1];
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email} in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
