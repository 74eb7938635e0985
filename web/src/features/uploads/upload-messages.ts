/** Upload result texts of requirements §P8, word for word. */
export const UPLOAD_TEXTS = {
  notWav: 'Only WAV files are allowed.',
  unauthorized: 'Unauthorized access. Please log in again.',
  melodyFailed: 'Failed to upload files. Please try again.',
  drumFailed: 'Failed to upload drum samples. Please try again.',
  melodyDone: 'Files uploaded successfully!',
  drumDone: 'Drum samples uploaded successfully!',
} as const;

/** 401/403 (HTTP status or GraphQL UNAUTHENTICATED/FORBIDDEN) read as unauthorized; anything else as the kind's failure. */
export function uploadErrorText(kind: 'melody' | 'drum', status: number | null, code: string | null): string {
  if (status === 401 || status === 403 || code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') return UPLOAD_TEXTS.unauthorized;
  return kind === 'melody' ? UPLOAD_TEXTS.melodyFailed : UPLOAD_TEXTS.drumFailed;
}
