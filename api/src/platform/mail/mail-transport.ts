import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A mail ready to go out, attachments read. */
export interface MailMessage {
  /** The outbox id: the Message-ID and the .eml file are named after it, so a resend replaces, never adds. */
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly attachments: readonly { readonly fileName: string; readonly contentType: string; readonly content: Buffer }[];
}

/** Where mails go: an SMTP server, or a directory of .eml files. */
export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  /** Sends the mail, or throws; the outbox retries. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const domainOf = (from: string): string => /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

const nodemailerMessage = (message: MailMessage) => ({
  from: message.from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  messageId: `<${message.id}@${domainOf(message.from)}>`,
  attachments: message.attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })),
});

/** Mail through an SMTP server (nodemailer), e.g. `smtps://user:password@smtp.example.com`. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(nodemailerMessage(message));
    },
    close: () => transporter.close(),
  };
}

/**
 * Mail written as `<dir>/<id>.eml` (RFC 822, built by nodemailer as it would send it), for
 * development and tests: open one in any mail program. Written to a temporary name and renamed, so
 * a file there is always whole.
 */
export function emlFileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(message) {
      const info = await composer.sendMail(nodemailerMessage(message));
      await mkdir(dir, { recursive: true });
      const target = join(dir, `${message.id}.eml`);
      const tmp = join(dir, `.${message.id}.${randomUUID()}.tmp`);
      try {
        await writeFile(tmp, info.message as Buffer, { flush: true });
        await rename(tmp, target);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },
    close: () => composer.close(),
  };
}
