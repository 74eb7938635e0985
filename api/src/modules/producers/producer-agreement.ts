import { PDF_ACCENT, PDF_MUTED, createPdfDocument, longDate } from '../../platform/pdf/pdf-document';
import { LEASE_LABELS, LEASE_OPTION_FIELDS, formatTermValue, type ExclusiveTerms, type LeaseTerms } from './contract-terms';
import { CREATOR_SHARE_PERCENT, formatDollars } from './pricing';
import type { Producer } from './producer.entity';

export interface AgreementInput {
  readonly producer: Producer;
  readonly productName: string;
  readonly date: Date;
}

const ACCENT = PDF_ACCENT;
const MUTED = PDF_MUTED;

/**
 * The producer agreement as a PDF (pdfkit). Everything the producer typed is written as text
 * (pdfkit draws strings; nothing is interpreted as markup), so a comment holding HTML shows as the
 * characters it is.
 */
export function renderProducerAgreement({ producer, productName, date }: AgreementInput): Promise<Buffer> {
  const { doc, width, heading, paragraph, row, finish } = createPdfDocument({
    Title: `${productName} Producer Agreement`, Author: productName, Subject: `Producer agreement for ${producer.prodName}`, CreationDate: date,
  });
  const comments = (text: string) => {
    if (!text) return;
    doc.moveDown(0.2).font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text('Additional comments', { width });
    doc.font('Helvetica-Oblique').fontSize(10).fillColor('black').text(text, { width, lineGap: 1 }).moveDown(0.3);
  };
  const lease = (title: string, price: number, terms: LeaseTerms) => {
    // A tier's table stays on one page with its heading.
    heading(`${title}: ${formatDollars(price)}`, 40 + LEASE_OPTION_FIELDS.length * 15);
    for (const field of LEASE_OPTION_FIELDS) row(LEASE_LABELS[field], formatTermValue(terms[field]));
    comments(terms.additional_comments);
  };
  const exclusive = (title: string, price: number, terms: ExclusiveTerms) => {
    heading(`${title}: ${formatDollars(price)}`);
    row('Sells exclusives', terms.sell_exclusives === 'Yes' ? 'Yes: this licence may be sold' : 'No: this licence is not offered');
    comments(terms.additional_comments);
  };

  doc.font('Helvetica-Bold').fontSize(22).fillColor(ACCENT).text(`${productName} Producer Agreement`, { width });
  doc.moveDown(0.2).font('Helvetica').fontSize(10.5).fillColor(MUTED).text(`Dated ${longDate(date)}`, { width });
  doc.moveDown(0.6).fillColor('black');
  paragraph(
    `This agreement is between ${productName} ("the platform") and the producer named below ("the producer"). It covers the ` +
      `loops, stems and drum samples the producer uploads, how beats built from them are licensed, and how the producer is paid.`,
  );

  heading('1. The producer');
  row('Name', `${producer.firstName} ${producer.lastName}`);
  row('Producer name', producer.prodName);
  row('Email', producer.prodEmail);
  row('Birth date', producer.birthDate);
  row('PRO', producer.prodPro ?? 'None given');
  row('PRO ID', producer.prodProId ?? 'None given');
  row('Master royalties info', producer.prodMastersInfo ?? 'None given');

  heading('2. Revenue share');
  paragraph(
    `The producer earns ${CREATOR_SHARE_PERCENT}% of the licence fees of every beat that uses their material, after payment ` +
      `processing fees. When a beat is built from several producers' material, that ${CREATOR_SHARE_PERCENT}% is split by each ` +
      `producer's share of the beat, as shown with the beat (the bars each producer's loops play, over all bars played), to the cent. ` +
      `Earnings are paid to the producer's payout account once its onboarding is complete; until then they wait. Refunded licences ` +
      `reverse their earnings.`,
  );

  heading('3. Ownership');
  paragraph(
    'The producer keeps 100% ownership of their material. Uploading grants the platform a non-exclusive licence to store it, to ' +
      'use it in beats generated for users, and to license those beats on the terms below. The producer may withdraw material at any ' +
      'time: withdrawn material is never used in a new beat, while beats already made with it stay valid for their licensees.',
  );

  heading('4. Exclusivity of beats built from shared loops');
  paragraph(
    "Every beat's arrangement is unique to the user who generated it and is never given to another user. An exclusive licence covers " +
      "that beat: no one else is ever licensed that beat. The producer's loops themselves stay in the catalogue and may appear in other " +
      'users\' different beats; an exclusive licence does not take a loop out of the catalogue.',
  );

  heading('5. Licence tiers, prices and terms');
  paragraph(
    "A beat's price for each tier is the sum over its producers of their share times their price below. Where producers' terms differ, " +
      'the licence grants the most restrictive value of each term.',
  );
  lease('Standard lease', producer.priceStandardCents, producer.standleaseTerms);
  lease('Advanced lease', producer.priceAdvancedCents, producer.advancedleaseTerms);
  exclusive('Exclusive licence (label)', producer.priceExclabelCents, producer.exclabelTerms);
  exclusive('Exclusive licence (independent)', producer.priceExcindieCents, producer.excindieTerms);

  heading('6. Signature');
  paragraph(`Agreed by ${producer.firstName} ${producer.lastName} ("${producer.prodName}") on ${longDate(date)}, by signing up and accepting these terms online.`);

  return finish((page, pages) => `${productName} Producer Agreement · ${producer.prodName} · page ${page} of ${pages}`);
}
