import { sanitizeDownloadName } from '../../platform/storage/blob-store';
import type { LicenceDocument } from './licence-files.types';

/** The four files of a licence: where each is stored and the name a download saves as. */
export interface LicenceFilePlan {
  readonly key: string;
  readonly fileName: string;
  readonly contentType: string;
}

export interface LicenceFilePlans {
  readonly mp3: LicenceFilePlan;
  readonly wav: LicenceFilePlan;
  readonly stems: LicenceFilePlan;
  readonly document: LicenceFilePlan;
}

const safeTitle = (title: string): string => {
  try {
    return sanitizeDownloadName(title);
  } catch {
    return 'Beat';
  }
};

/**
 * Fixed keys under `licences/<licenceId>/`, so a second run (or a run after a crash) finds what the
 * first one stored; download names from the beat's title.
 */
export function licenceFilePlans(doc: LicenceDocument): LicenceFilePlans {
  const prefix = `licences/${doc.licenceId}`;
  const title = safeTitle(doc.beat.title).slice(0, 120);
  return {
    mp3: { key: `${prefix}/beat.mp3`, fileName: `${title}.mp3`, contentType: 'audio/mpeg' },
    wav: { key: `${prefix}/beat.wav`, fileName: `${title}.wav`, contentType: 'audio/wav' },
    stems: { key: `${prefix}/stems.zip`, fileName: `${title} - stems.zip`, contentType: 'application/zip' },
    document: { key: `${prefix}/licence.pdf`, fileName: `${title} - licence ${doc.licenceId}.pdf`, contentType: 'application/pdf' },
  };
}
