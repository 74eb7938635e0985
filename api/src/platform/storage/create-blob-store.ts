import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

/** The embedded default: files under `root`, served by the api's own `/media` router. */
export interface LocalBlobStoreConfig {
  readonly kind: 'local';
  readonly root: string;
  readonly publicBaseUrl: string;
  readonly signingSecret: string;
  readonly defaultExpiresInSeconds?: number;
}

/** The scale-out store: any S3-compatible bucket (AWS S3, MinIO, R2). */
export interface S3BlobStoreConfig {
  readonly kind: 's3';
  readonly bucket: string;
  readonly region: string;
  readonly endpoint?: string;
  readonly forcePathStyle?: boolean;
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
  readonly defaultExpiresInSeconds?: number;
}

export type BlobStoreConfig = LocalBlobStoreConfig | S3BlobStoreConfig;

/**
 * The blob store the configuration asks for. A local store must also be mounted with
 * `createMediaRouter` (check `instanceof LocalBlobStore`); an S3 store's links point at the bucket.
 */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  switch (config.kind) {
    case 'local':
      return new LocalBlobStore(config);
    case 's3':
      return new S3BlobStore(config);
  }
}
