import QRCode from 'qrcode';
import { LEASE_LABELS, LEASE_OPTION_FIELDS, formatTermValue } from '../producers';
import { CREATOR_SHARE_PERCENT, formatDollars } from '../producers';
import type { LicenceDocument, LicensedProducer } from './licence-files.types';
import { PDF_ACCENT, PDF_MARGIN, PDF_MUTED, createPdfDocument, longDate } from '../../platform/pdf/pdf-document';

const ACCENT = PDF_ACCENT;
const MUTED = PDF_MUTED;
const PAGE_MARGIN = PDF_MARGIN;
const QR_SIZE = 112;

/** Printed on every licence and written in docs/decisions.md (issue 17). */
export const MOST_RESTRICTIVE_RULE =
  "Where producers' terms differ, the licence grants the most restrictive value of each term (fewest copies, streams and years; No over Yes).";

const SECTION_NAMES: Readonly<Record<string, string>> = { I: 'Intro', V: 'Verse', C: 'Chorus', B: 'Bridge', O: 'Outro' };

/** "IVCO" -> "IVCO (Intro, Verse, Chorus, Outro)". */
export const describeStructure = (structure: string): string =>
  `${structure} (${[...structure].map((letter) => SECTION_NAMES[letter] ?? letter).join(', ')})`;

/** Basis points as a percent with two decimals: 3333 -> "33.33%". */
export const formatShare = (basisPoints: number): string => `${(basisPoints / 100).toFixed(2)}%`;


const titleCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();

/**
 * The licence document as a PDF (pdfkit): who licensed which beat on which terms, who made it and
 * with what share, and where to verify it (URL and QR code). Every value is drawn as text, so a
 * producer's comment holding HTML shows as the characters it is.
 */
export async function renderLicencePdf(licence: LicenceDocument, productName: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer(licence.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: QR_SIZE * 3 });
  const buyer = `${licence.buyer.firstName} ${licence.buyer.lastName}`;
  const { doc, width, ensureSpace, heading, paragraph, row, finish } = createPdfDocument({
    Title: `${productName} Licence ${licence.licenceId}`,
    Author: productName,
    Subject: `${licence.tierTitle} of "${licence.beat.title}" for ${buyer}`,
    CreationDate: licence.issuedAt,
  });

  // Title, with the QR code in the top right corner.
  const top = doc.y;
  doc.image(qr, PAGE_MARGIN + width - QR_SIZE, top, { width: QR_SIZE, height: QR_SIZE });
  doc.font('Helvetica-Bold').fontSize(22).fillColor(ACCENT).text(`${productName} Beat Licence`, PAGE_MARGIN, top, { width: width - QR_SIZE - 16 });
  doc.moveDown(0.2).font('Helvetica-Bold').fontSize(13).fillColor('black').text(licence.tierTitle, { width: width - QR_SIZE - 16 });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(MUTED)
    .text(`Licence ${licence.licenceId}`, { width: width - QR_SIZE - 16 })
    .text(`Issued ${longDate(licence.issuedAt)}`, { width: width - QR_SIZE - 16 });
  doc.y = Math.max(doc.y, top + QR_SIZE) + 6;
  doc.x = PAGE_MARGIN;
  paragraph(
    `This licence is granted by ${productName} ("the platform"), on behalf of the producers named below, to the licensee named ` +
      `below, for the beat described below, on the terms below.`,
  );

  heading('1. Licence');
  row('Licence ID', licence.licenceId);
  row('Tier', licence.tierTitle);
  row('Price', `${formatDollars(licence.priceCents)} (US dollars)`);
  row('Date', longDate(licence.issuedAt));
  row('Licensee', buyer);
  row('Country', licence.buyer.country);

  heading('2. The beat');
  row('Title', licence.beat.title);
  row('Key and mode', `${licence.beat.key} ${titleCase(licence.beat.mode)}`);
  row('BPM', String(Math.round(licence.beat.bpm * 100) / 100));
  row('Structure', describeStructure(licence.beat.structure));
  row('Beat ID', licence.beat.id);

  heading('3. Producers', 60 + licence.producers.length * 30);
  for (const producer of licence.producers) producerRows(producer);

  heading('4. Terms in force');
  paragraph(MOST_RESTRICTIVE_RULE);
  if (licence.terms.kind === 'lease') {
    const lease = licence.terms.lease;
    for (const field of LEASE_OPTION_FIELDS) row(LEASE_LABELS[field], formatTermValue(lease[field]));
  } else {
    row('Exclusive rights', `Yes: ${licence.tierTitle}`);
    row('Producers sell exclusives', licence.terms.exclusive.sell_exclusives);
    paragraph(
      'This beat is licensed to the licensee exclusively: no further licence of it is sold, and earlier leases of it are superseded ' +
        'from the date of this licence.',
    );
  }
  const commented = licence.producers.filter((p) => p.comments.trim() !== '');
  if (commented.length) {
    ensureSpace(60);
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(10.5).fillColor('black').text("Producers' additional comments", PAGE_MARGIN, doc.y, { width }).moveDown(0.2);
    for (const producer of commented) {
      ensureSpace(40);
      doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(producer.producerName, PAGE_MARGIN, doc.y, { width });
      doc.font('Helvetica-Oblique').fontSize(10).fillColor('black').text(producer.comments, { width, lineGap: 1 }).moveDown(0.3);
    }
  }

  heading('5. Ownership');
  paragraph(
    'The producers keep 100% ownership of their material (the loops, stems and drum samples the beat is built from). The ' +
      "producers' loops stay in the catalogue and may appear in other users' different beats, but this arrangement of them is " +
      'unique to the licensee: it is never given to another user.',
  );

  heading('6. Revenue share');
  paragraph(
    `The producers earn ${CREATOR_SHARE_PERCENT}% of this licence's fee after payment processing fees, split between them by their ` +
      'shares above.',
  );

  heading('7. Verification', 90);
  paragraph('Anyone can check that this licence is valid, and whether it was refunded or superseded, at:');
  doc.font('Helvetica').fontSize(10.5).fillColor(ACCENT).text(licence.verifyUrl, PAGE_MARGIN, doc.y, { width, link: licence.verifyUrl, underline: true });
  doc.fillColor('black');

  return finish((page, pages) => `${productName} Licence ${licence.licenceId} · page ${page} of ${pages}`);

  function producerRows(producer: LicensedProducer): void {
    ensureSpace(70);
    doc.font('Helvetica-Bold').fontSize(10.5).fillColor('black')
      .text(`${producer.producerName} (${producer.legalName})`, PAGE_MARGIN, doc.y, { width }).moveDown(0.15);
    row('Share', formatShare(producer.shareBasisPoints), 110);
    row('PRO', producer.pro || 'None given', 110);
    row('PRO ID', producer.proId || 'None given', 110);
    doc.moveDown(0.3);
  }
}
