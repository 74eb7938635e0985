/** The api's LicenceStatus. */
export type LicenceStatus = 'VALID' | 'REFUNDED' | 'SUPERSEDED';

export const STATUS_LABELS: Readonly<Record<LicenceStatus, string>> = {
  VALID: 'Valid',
  REFUNDED: 'Refunded',
  SUPERSEDED: 'Superseded',
};

/** What each status means, as the verification page and My Licences explain it. */
export const STATUS_EXPLANATIONS: Readonly<Record<LicenceStatus, string>> = {
  VALID: 'This licence is in force.',
  REFUNDED: 'The payment for this licence was refunded: it grants no rights.',
  SUPERSEDED: 'The beat was later sold exclusively: this lease was replaced by the exclusive licence.',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as LicenceStatus] ?? status;
}

export function statusExplanation(status: string): string {
  return STATUS_EXPLANATIONS[status as LicenceStatus] ?? '';
}
