/**
 * The contract between the licences module (orders, checkout, fulfilment) and the licence files
 * module (the licence PDF, the audio a tier delivers). The licences module builds these values from
 * its records; the licence files module turns them into stored files. Neither reads the other's tables.
 */
import type { ExclusiveTerms, LeaseTerms } from '../producers/contract-terms';

/** Requirements (listener core): the four lease options, by their price_id. */
export type LicenceTier = 'standard' | 'advanced' | 'excindie' | 'exclabel';

/** A contributing producer as the licence names them. */
export interface LicensedProducer {
  readonly producerId: string;
  /** The producer name shown on beats. */
  readonly producerName: string;
  /** First and last name from the producer record. */
  readonly legalName: string;
  /** Share of the beat in basis points (1/100 of a percent); the shares of a licence sum to 10,000. */
  readonly shareBasisPoints: number;
  /** Performing rights organisation and the producer's id there; empty strings when none. */
  readonly pro: string;
  readonly proId: string;
  /** The producer's additional comments for this tier, as plain text (never HTML). */
  readonly comments: string;
}

/** Everything the licence document prints. */
export interface LicenceDocument {
  readonly licenceId: string;
  readonly issuedAt: Date;
  readonly buyer: { readonly firstName: string; readonly lastName: string; readonly country: string };
  readonly beat: {
    readonly id: string;
    readonly title: string;
    readonly key: string;
    readonly mode: string;
    readonly bpm: number;
    /** Section letters in order, e.g. "IVCVCBCO". */
    readonly structure: string;
  };
  readonly tier: LicenceTier;
  /** "Standard Lease", "Advanced Lease", "Exclusive Rights (Indie)", "Exclusive Rights (Label)". */
  readonly tierTitle: string;
  readonly priceCents: number;
  readonly currency: 'usd';
  readonly producers: readonly LicensedProducer[];
  /** The terms granted: for leases the most restrictive value of each producer's term; for exclusives the exclusive terms. */
  readonly terms: { readonly kind: 'lease'; readonly lease: Omit<LeaseTerms, 'additional_comments'> } | { readonly kind: 'exclusive'; readonly exclusive: Omit<ExclusiveTerms, 'additional_comments'> };
  /** The public verification address, printed and encoded as a QR code. */
  readonly verifyUrl: string;
}

/** A stored file of a licence. */
export interface LicenceFile {
  /** Blob store key, under `licences/<licenceId>/`. */
  readonly key: string;
  /** The name a download saves as. */
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: number;
}

/** What a tier delivers: standard MP3 (320 kbps) and WAV; advanced and exclusives add the stems zip. */
export interface LicenceFileSet {
  readonly mp3: LicenceFile;
  readonly wav: LicenceFile;
  readonly stems: LicenceFile | null;
  readonly document: LicenceFile;
}

/** What the licences module asks of the licence files module. */
export interface LicenceFilesPort {
  /**
   * Renders (or finds, when already stored: the call is idempotent per licence id) the tier's audio
   * from the beat's stored provenance and the licence PDF, stores them in the blob store and
   * answers where they are. Safe to call again after a crash half-way.
   */
  prepare(document: LicenceDocument): Promise<LicenceFileSet>;
  /** The licence PDF alone (for a re-issue after a refund or supersession changes nothing printed). */
  renderDocument(document: LicenceDocument): Promise<Buffer>;
}

/** A mail the outbox sends: receipts with the licence PDF attached. */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly attachments?: readonly { readonly fileName: string; readonly contentType: string; readonly blobKey: string }[];
}
