/** The text of a PDF, page by page, read with pdf.js (a real parser: the PDF's own structure and fonts). */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; title: string | null }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pdfjs = require('pdfjs-dist/legacy/build/pdf.js') as typeof import('pdfjs-dist');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  const meta = await doc.getMetadata();
  await doc.destroy();
  return { pages, title: ((meta.info as { Title?: string }).Title) ?? null };
}
