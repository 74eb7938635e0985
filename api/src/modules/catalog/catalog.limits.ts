/** Upload limits (issue 4): per file, per request. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 40;
export const MAX_REQUEST_BYTES = 200 * 1024 * 1024;
export const TOO_MANY_FILES = `At most ${MAX_FILES_PER_REQUEST} files per upload.`;
export const REQUEST_TOO_LARGE = `An upload may hold at most ${MAX_REQUEST_BYTES / (1024 * 1024)} MB.`;
export const MIN_BPM = 40;
export const MAX_BPM = 250;
/** A JSON body carries files as base64 data URLs: 4/3 of the bytes plus the envelope. */
export const MAX_JSON_BODY = `${Math.ceil((MAX_REQUEST_BYTES * 4) / 3 / (1024 * 1024)) + 8}mb`;
export const MAX_JSON_BODY_BYTES = (Math.ceil((MAX_REQUEST_BYTES * 4) / 3 / (1024 * 1024)) + 8) * 1024 * 1024;
