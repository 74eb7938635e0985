import yauzl from 'yauzl';

export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflated. */
  readonly method: number;
  readonly bytes: Buffer;
  /** The CRC-32 the zip records for the entry. */
  readonly crc32: number;
  readonly lastModified: Date;
}

/** Every entry of a zip, read with yauzl (a real zip reader: central directory, CRCs checked). */
export async function zipEntries(zip: Buffer): Promise<ZipEntry[]> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries: ZipEntry[] = [];
  for await (const entry of archive.eachEntry()) {
    const stream = await archive.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.push({ name: entry.fileName, method: entry.compressionMethod, bytes: Buffer.concat(chunks), crc32: entry.crc32, lastModified: entry.getLastModDate({ timezone: 'UTC' }) });
  }
  archive.close();
  return entries;
}
