import type { Logger } from '../../platform/logging/logger';
import type { BlobBody, BlobStore } from '../../platform/storage/blob-store';
import type { BeatsService } from '../beats';
import type { LicenceAudio, LicenceMaster, LicenceStem } from '../beats';
import { assertLicenceDocument, tierHasStems } from './licence-document.validation';
import { licenceFilePlans, type LicenceFilePlan } from './licence-file-names';
import { renderLicencePdf } from './licence-pdf';
import type { LicenceDocument, LicenceFile, LicenceFileSet, LicenceFilesPort } from './licence-files.types';
import { stemEntryNames, zipStems } from './stems-zip';

interface LicenceFilesDeps {
  readonly blobs: BlobStore;
  /** The beats module renders a beat's licensed audio from its stored provenance. */
  readonly beats: Pick<BeatsService, 'renderLicenceAudio'>;
  readonly productName: string;
  readonly logger: Logger;
}

/** How long each step of the last prepare took, for the logs and the bench. */
export interface PrepareTimings {
  /** From the start of the render to its end, stems included (0 when nothing was rendered). */
  readonly renderMs: number;
  /** The render pool's own figures (mix, master; encodes and stems), when it rendered. */
  readonly pool?: Readonly<Record<string, number>>;
  /** From the end of the render until every file is stored (the stems zip is written while the stems render). */
  readonly storeMs: number;
  readonly totalMs: number;
}

/**
 * The files a licence delivers: the beat's MP3 (320 kbps) and WAV for every tier, the stems zip for
 * advanced and exclusive tiers, and the licence PDF, stored under `licences/<licenceId>/`. Each file
 * is written whole or not at all (the blob store's puts are atomic) under a fixed key, so a second
 * call finds what exists and makes only what is missing: idempotent per licence id, and safe after a
 * crash half-way. Calls for one licence in this process share one run.
 */
export class LicenceFilesService implements LicenceFilesPort {
  private readonly running = new Map<string, Promise<LicenceFileSet>>();
  /** Renders this instance started (a second prepare of a finished licence starts none). */
  renders = 0;
  lastTimings?: PrepareTimings;

  constructor(private readonly deps: LicenceFilesDeps) {}

  async prepare(document: LicenceDocument): Promise<LicenceFileSet> {
    assertLicenceDocument(document);
    const running = this.running.get(document.licenceId);
    if (running) return running;
    const run = this.build(document).finally(() => this.running.delete(document.licenceId));
    this.running.set(document.licenceId, run);
    return run;
  }

  async renderDocument(document: LicenceDocument): Promise<Buffer> {
    assertLicenceDocument(document);
    return renderLicencePdf(document, this.deps.productName);
  }

  private async build(doc: LicenceDocument): Promise<LicenceFileSet> {
    const started = performance.now();
    const plans = licenceFilePlans(doc);
    const withStems = tierHasStems(doc.tier);
    const [mp3, wav, stems, pdf] = await Promise.all([
      this.find(plans.mp3),
      this.find(plans.wav),
      withStems ? this.find(plans.stems) : null,
      this.find(plans.document),
    ]);
    // The PDF is drawn on this thread while the workers render the audio; it is stored with the
    // audio, so a licence whose beat cannot be rendered stores nothing.
    const pdfBytes = pdf ? null : this.renderDocument(doc);
    pdfBytes?.catch(() => undefined); // awaited below; a failed render must not leave it unhandled
    let renderMs = 0;
    let rendered: LicenceMaster | null = null;
    let stemsFile: Promise<LicenceFile> | null = null;
    const rendering = performance.now();
    if (!mp3 || !wav || (withStems && !stems)) {
      const audio = await this.renderAudio(doc, withStems && !stems);
      this.renders++;
      // The zip is stored as its stems come, while the render goes on; a stem that fails fails it (nothing stored).
      stemsFile = audio.stems ? this.store(plans.stems, zipOf(audio.stems, doc.issuedAt)) : null;
      stemsFile?.catch(() => undefined); // awaited below
      try {
        rendered = await audio.master;
      } catch (error) {
        await stemsFile?.catch(() => undefined); // its temporary file is gone before the error is reported
        throw error;
      }
      renderMs = performance.now() - rendering;
    }
    const storing = performance.now();
    const [mp3File, wavFile, stemsStored, documentFile] = await Promise.all([
      mp3 ?? this.store(plans.mp3, rendered!.mp3),
      wav ?? this.store(plans.wav, rendered!.wav),
      withStems ? (stems ?? stemsFile!) : null,
      pdf ?? pdfBytes!.then((bytes) => this.store(plans.document, bytes)),
    ]);
    const finished = performance.now();
    this.lastTimings = { renderMs, pool: rendered?.timings, storeMs: finished - storing, totalMs: finished - started };
    this.deps.logger.info({ licenceId: doc.licenceId, tier: doc.tier, ...this.lastTimings }, 'licence files ready');
    return { mp3: mp3File, wav: wavFile, stems: stemsStored, document: documentFile };
  }

  private renderAudio(doc: LicenceDocument, stems: boolean): Promise<LicenceAudio> {
    return this.deps.beats.renderLicenceAudio(doc.beat.id, { stems });
  }

  /** The stored file of a plan, or null when it is not stored yet. */
  private async find(plan: LicenceFilePlan): Promise<LicenceFile | null> {
    const info = await this.deps.blobs.stat(plan.key);
    return info ? { key: plan.key, fileName: plan.fileName, contentType: plan.contentType, bytes: info.size } : null;
  }

  private async store(plan: LicenceFilePlan, body: BlobBody): Promise<LicenceFile> {
    const { size } = await this.deps.blobs.put(plan.key, body, { contentType: plan.contentType });
    return { key: plan.key, fileName: plan.fileName, contentType: plan.contentType, bytes: size };
  }
}

/** The stems zip, entries in arrangement order, each written as soon as its stem (and those before it) is. */
function zipOf(stems: readonly LicenceStem[], date: Date) {
  const names = stemEntryNames(stems.map((stem) => stem.name));
  return zipStems(stems.map((stem, i) => ({ name: names[i], wav: stem.wav })), date);
}
