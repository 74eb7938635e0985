import { PDF_MARGIN, PDF_MUTED, createPdfDocument, longDate } from '../../../platform/pdf/pdf-document';
import type { Statement } from './earnings-charts.types';
import { dollars } from './statement-csv';

const COLUMNS: readonly { title: string; width: number; align: 'left' | 'right' }[] = [
  { title: 'Date', width: 52, align: 'left' },
  { title: 'Tier', width: 50, align: 'left' },
  { title: 'Beat', width: 96, align: 'left' },
  { title: 'Share', width: 38, align: 'right' },
  { title: 'Gross', width: 50, align: 'right' },
  { title: 'Fee', width: 40, align: 'right' },
  { title: 'Net', width: 50, align: 'right' },
  { title: 'Yours', width: 50, align: 'right' },
  { title: 'Transfer', width: 54, align: 'left' },
];

const shortDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The statement as a PDF (pdfkit, the licence document's house style): a summary, then every line
 * of the ledger in a table whose header repeats on each page, then the total. Every value is text.
 */
export function renderStatementPdf(statement: Statement, productName: string, now = new Date()): Promise<Buffer> {
  const { doc, width, ensureSpace, heading, row, finish } = createPdfDocument({
    Title: `${productName} earnings statement ${statement.period}`,
    Author: productName,
    Subject: `Earnings of ${statement.producerName} for ${statement.period}`,
    CreationDate: now,
  });
  doc.font('Helvetica-Bold').fontSize(20).text(`${productName} earnings statement`, PDF_MARGIN, doc.y, { width });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(PDF_MUTED).text(`Issued ${longDate(now)}. Amounts in US dollars; dates in UTC.`, { width });
  heading('Summary');
  row('Producer', statement.producerName);
  row('Period', `${statement.period} (${longDate(statement.from)} to ${longDate(new Date(statement.to.getTime() - 1))})`);
  row('Sales (your part)', dollars(statement.salesCents));
  row('Refunds (taken back)', dollars(statement.refundsCents));
  row('Total', dollars(statement.totalCents));
  heading('Lines', 40);

  const scale = width / COLUMNS.reduce((a, c) => a + c.width, 0);
  const drawRow = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5).fillColor('black');
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: COLUMNS[i].width * scale - 4 }))) + 4;
    ensureSpace(height + 14);
    const y = doc.y;
    let x = PDF_MARGIN;
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: COLUMNS[i].width * scale - 4, align: COLUMNS[i].align });
      x += COLUMNS[i].width * scale;
    });
    doc.y = y + height;
    doc.x = PDF_MARGIN;
  };
  const header = () => drawRow(COLUMNS.map((c) => c.title), true);
  header();
  if (!statement.lines.length) drawRow(['No sales or refunds in this period.', '', '', '', '', '', '', '', ''], false);
  for (const line of statement.lines) {
    const pageBefore = doc.bufferedPageRange().count;
    const cells = [
      shortDate(line.date),
      line.kind === 'refund' ? `refund${line.tier ? ` (${line.tier})` : ''}` : (line.tier ?? ''),
      line.beatTitle ?? line.orderId,
      line.shareBasisPoints === null ? '' : `${(line.shareBasisPoints / 100).toFixed(2)}%`,
      dollars(line.grossCents),
      dollars(line.feeCents),
      dollars(line.netCents),
      dollars(line.amountCents),
      line.transferStatus,
    ];
    doc.font('Helvetica').fontSize(7.5);
    const need = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: COLUMNS[i].width * scale - 4 }))) + 18;
    ensureSpace(need);
    if (doc.bufferedPageRange().count !== pageBefore) header();
    drawRow(cells, false);
  }
  drawRow(['Total', '', '', '', '', '', '', dollars(statement.totalCents), ''], true);
  return finish((page, pages) => `${productName} earnings statement ${statement.period}, ${statement.producerName}: page ${page} of ${pages}`);
}
