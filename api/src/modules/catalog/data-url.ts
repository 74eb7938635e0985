import { badInput } from '../../platform/errors';
import type { IncomingFile } from './sample-measurement';

const DATA_URL = /^data:([^;,]*)(;[^,]*)?,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Turns `{ name, data }` with a base64 data URL (or bare base64) into the file's bytes. */
export function fileFromDataUrl(file: { name: string; data: string }): IncomingFile {
  const header = DATA_URL.exec(file.data);
  if (header && !(header[2] ?? '').includes('base64')) {
    throw badInput(`"${file.name}" must be sent as a base64 data URL.`, { file: file.name });
  }
  const payload = (header ? file.data.slice(header[0].length) : file.data).replace(/\s+/g, '');
  if (!payload || payload.length % 4 === 1 || !BASE64.test(payload)) {
    throw badInput(`"${file.name}" is not valid base64 data.`, { file: file.name });
  }
  return { name: file.name, bytes: Buffer.from(payload, 'base64') };
}
