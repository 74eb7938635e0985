import PDFDocument from 'pdfkit';

export const PDF_ACCENT = '#4f46e5';
export const PDF_MUTED = '#55556a';
export const PDF_MARGIN = 56;

/** A date as documents print it: "November 25, 2026" (UTC). */
export const longDate = (date: Date): string => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A Letter document of our house style (pdfkit) and the blocks every document of ours is made of:
 * headings that keep with what follows, paragraphs, label/value rows that never split across a
 * page, and a footer on every page. Everything is drawn as text (nothing is interpreted as markup).
 */
export function createPdfDocument(info: { Title: string; Author: string; Subject: string; CreationDate: Date }) {
  const doc = new PDFDocument({ size: 'LETTER', bufferPages: true, margin: PDF_MARGIN, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - PDF_MARGIN * 2;

  /** Starts a new page unless `height` points fit above the bottom margin. */
  const ensureSpace = (height: number) => {
    if (doc.y + height > doc.page.height - PDF_MARGIN) {
      doc.addPage();
      doc.x = PDF_MARGIN;
    }
  };
  const heading = (text: string, keepWith = 80) => {
    ensureSpace(keepWith);
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(PDF_ACCENT).text(text, PDF_MARGIN, doc.y, { width }).moveDown(0.3);
    doc.font('Helvetica').fontSize(10.5).fillColor('black');
  };
  const paragraph = (text: string) =>
    doc.font('Helvetica').fontSize(10.5).fillColor('black').text(text, PDF_MARGIN, doc.y, { width, lineGap: 2 }).moveDown(0.4);
  /** A label and its value side by side; the row moves to the next page whole. */
  const row = (label: string, value: string, labelWidth = 190) => {
    doc.font('Helvetica').fontSize(10);
    ensureSpace(Math.max(doc.heightOfString(value, { width: width - labelWidth - 10 }), 14) + 4);
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(PDF_MUTED).text(label, PDF_MARGIN, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor('black').text(value, PDF_MARGIN + labelWidth + 10, y, { width: width - labelWidth - 10 });
    doc.y = Math.max(doc.y, labelBottom) + 2;
    doc.x = PDF_MARGIN;
  };
  /** Writes `footer(page, pages)` at the foot of every page and ends the document. */
  const finish = (footer: (page: number, pages: number) => string): Promise<Buffer> => {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.font('Helvetica').fontSize(8.5).fillColor(PDF_MUTED).text(footer(i + 1, range.count), PDF_MARGIN, doc.page.height - 36, { width, align: 'center' });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return done;
  };
  return { doc, width, ensureSpace, heading, paragraph, row, finish };
}
