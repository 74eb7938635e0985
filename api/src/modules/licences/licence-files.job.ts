import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logging/logger';
import type { AccountsService } from '../accounts';
import type { BeatsService } from '../beats';
import type { LicenceDocument, LicenceFilesPort } from '../licence-files';
import { TIER_TITLES } from './lease-tiers';
import { Licence } from './licence.entity';
import type { MailOutbox } from './licence-ports';

export interface LicenceFilesJobDeps {
  readonly orm: MikroORM;
  readonly files: LicenceFilesPort | null;
  readonly mail: MailOutbox | null;
  readonly beats: Pick<BeatsService, 'beat'>;
  readonly accounts: Pick<AccountsService, 'getById'>;
  readonly logger: Logger;
  /** The public verification address of a licence. */
  readonly verifyUrl: (licenceId: string) => string;
}

/** The document a licence prints, from its record and its beat. */
export async function licenceDocument(deps: Pick<LicenceFilesJobDeps, 'beats' | 'accounts' | 'verifyUrl'>, licence: Licence): Promise<LicenceDocument> {
  const buyer = await deps.accounts.getById(licence.buyer.id);
  const beat = await deps.beats.beat(buyer, licence.beat.id);
  return {
    licenceId: licence.id,
    issuedAt: licence.issuedAt,
    buyer: { firstName: licence.buyerFirstName, lastName: licence.buyerLastName, country: licence.buyerCountry },
    beat: { id: beat.id, title: beat.title, key: beat.key, mode: beat.mode, bpm: beat.bpm, structure: beat.structure },
    tier: licence.tier,
    tierTitle: TIER_TITLES[licence.tier],
    priceCents: licence.priceCents,
    currency: 'usd',
    producers: licence.producers,
    terms: licence.terms,
    verifyUrl: deps.verifyUrl(licence.id),
  };
}

/**
 * The job run after a licence is issued (it carries the licence id): the licence files module
 * renders and stores the tier's files and the PDF (idempotent per licence), the licence records
 * where they are, and the receipt with the PDF goes to the outbox once (`licence-receipt:<id>`).
 */
export function licenceFilesJob(deps: LicenceFilesJobDeps) {
  return async (licenceId: string): Promise<void> => {
    if (!deps.files) throw new Error('No licence files module is wired into this process; the licence keeps waiting for its files.');
    const em = deps.orm.em.fork();
    const licence = await em.findOne(Licence, { id: licenceId });
    if (!licence || licence.status === 'refunded') return;
    const document = await licenceDocument(deps, licence);
    const files = licence.files ?? (await deps.files.prepare(document));
    if (!licence.files) {
      await em.getConnection().execute(`update licences set files = ?, files_ready_at = now() where id = ? and files is null`, [JSON.stringify(files), licenceId]);
    }
    const buyer = await deps.accounts.getById(licence.buyer.id);
    await deps.mail?.enqueue(
      {
        to: buyer.email,
        subject: `Your ${document.tierTitle} licence for "${document.beat.title}"`,
        text: [
          `Hello ${document.buyer.firstName},`,
          '',
          `Thank you for your purchase. Your ${document.tierTitle} licence for "${document.beat.title}" is attached.`,
          `Licence id: ${licence.id}`,
          `Price: $${(licence.priceCents / 100).toFixed(2)} USD`,
          `Your files are in My Licences. Anyone can verify this licence at ${document.verifyUrl}`,
        ].join('\n'),
        attachments: [{ fileName: files.document.fileName, contentType: files.document.contentType, blobKey: files.document.key }],
      },
      `licence-receipt:${licence.id}`,
    );
    deps.logger.info({ licenceId }, 'licence files ready');
  };
}
