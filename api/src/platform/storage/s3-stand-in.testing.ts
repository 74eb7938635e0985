import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the stand-in received it. */
export interface RecordedS3Request {
  readonly method: string;
  /** The object key, decoded; '' for bucket-level requests (DeleteObjects). */
  readonly key: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export interface StoredS3Object {
  readonly body: Buffer;
  readonly contentType?: string;
  readonly contentDisposition?: string;
  readonly etag: string;
  readonly lastModified: Date;
}

export interface S3StandIn {
  /** Endpoint to give the SDK, with forcePathStyle (http://127.0.0.1:<port>). */
  readonly endpoint: string;
  readonly bucket: string;
  readonly requests: RecordedS3Request[];
  readonly objects: Map<string, StoredS3Object>;
  /** Keys DeleteObjects reports as failed (AccessDenied), as S3 does for a locked object. */
  readonly undeletable: Set<string>;
  close(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xmlUnescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

function sendXml(res: ServerResponse, status: number, xml: string, headers: Record<string, string> = {}): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

const s3Error = (code: string, message: string, key = '') =>
  `<Error><Code>${code}</Code><Message>${message}</Message><Key>${xmlEscape(key)}</Key><RequestId>standin</RequestId></Error>`;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * A local S3 for tests: PutObject, GetObject (with Range and response-content-disposition),
 * HeadObject, DeleteObject and DeleteObjects over path-style addressing on 127.0.0.1, recording
 * every request. It does not check SigV4 signatures; tests assert on the recorded Authorization.
 * It refuses aws-chunked uploads, as some S3-compatible stores do.
 */
export async function startS3StandIn(bucket = 'ysm-test'): Promise<S3StandIn> {
  const requests: RecordedS3Request[] = [];
  const objects = new Map<string, StoredS3Object>();
  const undeletable = new Set<string>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) sendXml(res, 500, s3Error('InternalError', xmlEscape(error.message)));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const body = await readBody(req);
    requests.push({ method: req.method ?? '', key, query: url.searchParams, headers: req.headers, body });

    if (decodeURIComponent(bucketName ?? '') !== bucket) return sendXml(res, 404, s3Error('NoSuchBucket', 'The specified bucket does not exist.'));

    if (req.method === 'POST' && url.searchParams.has('delete') && !key) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) => xmlUnescape(m[1]));
      const quiet = /<Quiet>true<\/Quiet>/.test(body.toString('utf8'));
      const parts: string[] = [];
      for (const k of keys) {
        if (undeletable.has(k)) {
          parts.push(`<Error><Key>${xmlEscape(k)}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`);
        } else {
          objects.delete(k);
          if (!quiet) parts.push(`<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`);
        }
      }
      return sendXml(res, 200, `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts.join('')}</DeleteResult>`);
    }
    if (!key) return sendXml(res, 400, s3Error('InvalidRequest', 'Bucket operations are not supported by the stand-in.'));

    if (req.method === 'PUT') {
      if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) {
        return sendXml(res, 501, s3Error('NotImplemented', 'aws-chunked uploads are not supported.', key));
      }
      if (Number(req.headers['content-length']) !== body.length) {
        return sendXml(res, 400, s3Error('IncompleteBody', 'Content-Length does not match the body.', key));
      }
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, {
        body,
        contentType: req.headers['content-type'],
        contentDisposition: req.headers['content-disposition'],
        etag,
        lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
      });
      res.writeHead(200, { ETag: etag, 'Content-Length': 0 });
      res.end();
      return;
    }

    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      res.end();
      return;
    }

    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) {
        if (req.method === 'HEAD') {
          res.writeHead(404);
          res.end();
      return;
        }
        return sendXml(res, 404, s3Error('NoSuchKey', 'The specified key does not exist.', key));
      }
      const headers: Record<string, string | number> = {
        ETag: object.etag,
        'Last-Modified': object.lastModified.toUTCString(),
        'Accept-Ranges': 'bytes',
        'Content-Type': url.searchParams.get('response-content-type') ?? object.contentType ?? 'binary/octet-stream',
      };
      const disposition = url.searchParams.get('response-content-disposition') ?? object.contentDisposition;
      if (disposition) headers['Content-Disposition'] = disposition;
      let status = 200;
      let payload = object.body;
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1);
        if (start >= object.body.length) return sendXml(res, 416, s3Error('InvalidRange', 'The requested range is not satisfiable', key));
        status = 206;
        payload = object.body.subarray(start, end + 1);
        headers['Content-Range'] = `bytes ${start}-${end}/${object.body.length}`;
      }
      headers['Content-Length'] = payload.length;
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : payload);
      return;
    }

    sendXml(res, 405, s3Error('MethodNotAllowed', 'The specified method is not allowed.', key));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    requests,
    objects,
    undeletable,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
