/** Upload limits (issue 4): per file, per request. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 40;
export const MAX_REQUEST_BYTES = 200 * 1024 * 1024;
export const MIN_BPM = 40;
export const MAX_BPM = 250;
/** A JSON body carries files as base64 data URLs: 4/3 of the bytes plus the envelope. */
export const MAX_JSON_BODY = `${Math.ceil((MAX_REQUEST_BYTES * 4) / 3 / (1024 * 1024)) + 8}mb`;
