import type { FileUpload } from 'graphql-upload-ts';
import { badInput } from '../errors';

/**
 * Reads an uploaded file into memory, refusing it past `maxBytes` (the multipart middleware's own
 * limit stops the stream too; this makes the limit explicit where the file is used).
 */
export async function readUpload(upload: Promise<FileUpload> | FileUpload, maxBytes: number, label = 'file'): Promise<Buffer> {
  const file = await upload;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.createReadStream()) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw badInput(`The ${label} is too large.`);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 413) throw badInput(`The ${label} is too large.`);
    throw error;
  }
  return Buffer.concat(chunks);
}
