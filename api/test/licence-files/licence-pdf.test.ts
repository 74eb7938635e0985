import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOST_RESTRICTIVE_RULE, renderLicencePdf } from '../../src/modules/licence-files/licence-pdf';
import { LicenceFilesService } from '../../src/modules/licence-files/licence-files.service';
import { DomainError } from '../../src/platform/errors';
import { pdfText } from '../producers/pdf-text';
import { licenceDocument } from './licence-document.fixture';

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('the licence PDF', () => {
  const doc = licenceDocument();
  let text: string;
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await renderLicencePdf(doc, 'YSM');
    if (process.env.LICENCE_PDF_OUT) writeFileSync(process.env.LICENCE_PDF_OUT, pdf);
    const parsed = await pdfText(pdf);
    text = squash(parsed.pages.join('\n'));
    expect(parsed.title).toBe(`YSM Licence ${doc.licenceId}`);
  });

  it('names the licence, the buyer, the beat, the tier, the date and the price', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    for (const value of [
      doc.licenceId, 'Ada Lovelace', 'United Kingdom', 'Dark Trap Type Beat', 'F# Minor', '140',
      'IVCVCBCO (Intro, Verse, Chorus, Verse, Chorus, Bridge, Chorus, Outro)', 'November 25, 2026', 'Advanced Lease', '$79.99',
    ]) expect(text).toContain(value);
  });

  it('lists every producer with their share as a percent and their PRO details', () => {
    expect(text).toContain('Trapper (Tom Trapp)');
    expect(text).toContain('66.67%');
    expect(text).toContain('ASCAP');
    expect(text).toContain('123456789');
    expect(text).toContain('Cowboy (Cal Boyd)');
    expect(text).toContain('33.33%');
    expect(text).toContain('None given');
  });

  it('prints the terms in force, the rule for differing terms and comments as plain text', () => {
    expect(text).toContain(MOST_RESTRICTIVE_RULE);
    expect(text).toContain('Distribution copies 1,000');
    expect(text).toContain('Audio streams 250,000');
    expect(text).toContain('Broadcast rights No');
    expect(text).toContain('Credit me as <b>Trapper</b> & friends.');
  });

  it('states ownership, the revenue share and the verification URL', () => {
    expect(text).toContain('keep 100% ownership of their material');
    expect(text).toContain("loops stay in the catalogue");
    expect(text).toContain('unique to the licensee');
    expect(text).toContain('90% of this licence');
    expect(text).toContain('after payment processing fees');
    expect(text).toContain(doc.verifyUrl);
  });

  it('prints exclusive terms for an exclusive', async () => {
    const exclusive = licenceDocument({
      tier: 'exclabel', tierTitle: 'Exclusive Rights (Label)', priceCents: 99999,
      terms: { kind: 'exclusive', exclusive: { sell_exclusives: 'Yes' } },
    });
    const exclusiveText = squash((await pdfText(await renderLicencePdf(exclusive, 'YSM'))).pages.join('\n'));
    expect(exclusiveText).toContain('Exclusive Rights (Label)');
    expect(exclusiveText).toContain('$999.99');
    expect(exclusiveText).toContain('no further licence of it is sold');
    expect(exclusiveText).not.toContain('Distribution copies');
  });

  // poppler's pdftoppm is a system tool: .ci/run installs it and CI always runs this; a machine without it says so.
  const hasPdftoppm = !spawnSync('pdftoppm', ['-v']).error;
  if (!hasPdftoppm && !process.env.CI) console.info('Skipping the pdftoppm drawing check: pdftoppm (poppler-utils) is not installed here; CI always runs it.');
  (hasPdftoppm || process.env.CI ? it : it.skip)('renders to pages a viewer can draw (pdftoppm)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'licence-pdf-'));
    try {
      writeFileSync(join(dir, 'licence.pdf'), pdf);
      execFileSync('pdftoppm', ['-r', '50', '-png', join(dir, 'licence.pdf'), join(dir, 'page')]);
      expect(readdirSync(dir).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a document it cannot print, with a clear error', async () => {
    const service = new LicenceFilesService({ blobs: {} as never, beats: {} as never, productName: 'YSM', logger: {} as never });
    const refusals: [Partial<Parameters<typeof licenceDocument>[0]>, RegExp][] = [
      [{ licenceId: '../x' }, /licence id/],
      [{ tier: 'platinum' as never }, /Unknown licence tier/],
      [{ priceCents: 12.5 }, /whole, non-negative number of cents/],
      [{ producers: [] }, /at least one producer/],
      [{ producers: [{ ...doc.producers[0], shareBasisPoints: 9000 }] }, /add up to 10,000/],
      [{ verifyUrl: 'javascript:alert(1)' }, /verification URL/],
      [{ buyer: { firstName: '', lastName: 'X', country: 'FR' } }, /first name/],
      [{ tier: 'excindie' }, /exclusive carries exclusive terms/],
    ];
    for (const [over, message] of refusals) {
      await expect(service.renderDocument(licenceDocument(over))).rejects.toThrow(message);
      await expect(service.prepare(licenceDocument(over))).rejects.toBeInstanceOf(DomainError);
    }
  });
});
