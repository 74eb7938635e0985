import { mkdirSync } from 'node:fs';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { GraphQLError, type DocumentNode, type GraphQLSchema } from 'graphql';
import { Upload, WriteStream, type FileUpload } from 'graphql-upload-ts';
import { DomainError, ERROR_STATUS, type ErrorCode } from '../errors';
import { verifiedTokenOf, type VerifiedToken } from '../auth/token-verifier';
import { BodyMeter, declaredLength } from '../http/request-body';
import { UploadBudgetError, type UploadBudget, type UploadReservation } from '../http/upload-budget';
import { isMalformedFormError } from '../http/input-guards';
import type { OperationLimits } from './limits';
import { fileVariablesOf, isFilePath } from './file-variables';
import { checkOperationTokenScopes } from './token-scope';

export interface MultipartUploadSettings {
  readonly schema: GraphQLSchema;
  readonly limits: OperationLimits;
  /** Bytes in flight per user and in all (shared with the REST uploads). */
  readonly budget: UploadBudget;
  /** Where files wait (temporary files, removed once the answer is sent). */
  readonly spoolDir: string;
  readonly maxFileBytes: number;
  readonly maxFiles: number;
  /** All the files of one request together. */
  readonly maxRequestBytes: number;
  /** Each of the `operations` and `map` fields. */
  readonly maxFieldBytes: number;
}

interface RequestContext extends MultipartUploadSettings {
  readonly parser: busboy.Busboy;
  readonly reservation: UploadReservation;
  readonly maxBodyBytes: number;
  readonly requestTooLarge: () => Refusal;
  readonly token: VerifiedToken;
}

/** Multipart framing around each part (boundary, headers), allowed on top of the files' bytes. */
const PART_OVERHEAD_BYTES = 4096;
const SPEC = 'https://github.com/jaydenseric/graphql-multipart-request-spec';
/** The most a body may hold before its map is read: the two fields and their framing. */
const fieldBytesLimit = (maxFieldBytes: number) => 2 * (maxFieldBytes + PART_OVERHEAD_BYTES);

type Operation = { query: string; variables?: Record<string, unknown> | null; operationName?: string | null };

/** A refusal with its HTTP status and GraphQL code. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const badRequest = (message: string) => new Refusal(400, 'BAD_REQUEST', message);
const tooLarge = (message: string) => new Refusal(413, 'PAYLOAD_TOO_LARGE', message);

function asRefusal(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  if (error instanceof UploadBudgetError) return new Refusal(error.status, error.code, error.message, error.retryAfterSeconds);
  if (error instanceof DomainError) return new Refusal(error.status, error.code, error.message);
  if (isMalformedFormError(error)) return badRequest('The multipart form is malformed.');
  return badRequest((error as Error)?.message || 'The multipart form could not be read.');
}

function answer(res: Response, refusal: Refusal): void {
  if (res.headersSent) return;
  if (refusal.retryAfterSeconds) res.set('Retry-After', String(refusal.retryAfterSeconds));
  res.status(refusal.status).json({ errors: [{ message: refusal.message, extensions: { code: refusal.code } }] });
}

/** Puts `value` where `path` (dot-separated, from the operation's root) holds null. */
function placeAt(root: object, path: string, value: unknown): boolean {
  const keys = path.split('.');
  let parent: unknown = root;
  for (const key of keys.slice(0, -1)) {
    if (!parent || typeof parent !== 'object' || !Object.hasOwn(parent, key)) return false;
    parent = (parent as Record<string, unknown>)[key];
  }
  const last = keys[keys.length - 1];
  if (!parent || typeof parent !== 'object' || !Object.hasOwn(parent, last) || (parent as Record<string, unknown>)[last] !== null) return false;
  (parent as Record<string, unknown>)[last] = value;
  return true;
}

/**
 * GraphQL multipart requests (the upload spec), in the order that keeps strangers' bytes off the
 * disk: the bearer token is verified before this runs, and a request without one is refused here
 * (401) before a byte of its body is read; the `operations` field (which precedes the files) is
 * parsed and checked first, and file parts are taken only for the variables the operation passes to
 * an Upload argument, only for a credential whose scopes allow the operation; every field and the
 * whole body are bounded as they stream (chunked or not), and the body's bytes count against the
 * user's and the process's upload budget until the answer is sent. Files go to temporary files in
 * `spoolDir` (graphql-upload-ts's capacitors), removed once the answer is sent.
 */
export function graphqlMultipartUploads(settings: MultipartUploadSettings): RequestHandler {
  const { budget, spoolDir, maxFileBytes, maxFiles, maxFieldBytes } = settings;
  const maxBodyBytes = settings.maxRequestBytes + 2 * maxFieldBytes + (maxFiles + 2) * PART_OVERHEAD_BYTES;
  const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
  const requestTooLarge = () => tooLarge(`An upload may hold at most ${mb(settings.maxRequestBytes)} MB.`);
  mkdirSync(spoolDir, { recursive: true });

  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    const token = verifiedTokenOf(req);
    if (!token) return answer(res, new Refusal(401, 'UNAUTHENTICATED', 'Sign in to upload files (send your access token in the Authorization header).'));
    const declared = declaredLength(req);
    if (declared !== null && declared > maxBodyBytes) return answer(res, requestTooLarge());

    let reservation: UploadReservation;
    try {
      reservation = budget.reserve(token.sub, declared ?? 0);
    } catch (error) {
      return answer(res, asRefusal(error));
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fieldSize: maxFieldBytes, fields: 2, fileSize: maxFileBytes, files: maxFiles, parts: maxFiles + 2, headerPairs: 16 },
      });
    } catch (error) {
      reservation.release();
      return answer(res, asRefusal(error));
    }
    new MultipartRequest(req, res, next, { ...settings, parser, reservation, maxBodyBytes, requestTooLarge, token }).start();
  };
}

/** One request's reading: its state from the first field to the answer. */
class MultipartRequest {
  private operations: Operation | null = null;
  private document: DocumentNode | null = null;
  private fileVariables: ReadonlySet<string> = new Set();
  private map: Map<string, Upload> | null = null;
  private failed: Refusal | null = null;
  /** Whether Apollo has the request (after the map): refusals then reach the operation's files. */
  private handedOver = false;
  private pendingSend: (() => void) | null = null;
  private readonly meter: BodyMeter;

  constructor(
    private readonly req: Request,
    private readonly res: Response,
    private readonly next: (error?: unknown) => void,
    private readonly ctx: RequestContext,
  ) {
    // Until the map is read, only the two fields may arrive: a field is bounded as it streams, not
    // once its part ends (busboy reports a truncated field only then).
    const fieldsTooLarge = `The ‘operations’ and ‘map’ fields may hold at most ${Math.round(ctx.maxFieldBytes / 1024)} kB each.`;
    this.meter = new BodyMeter(
      fieldBytesLimit(ctx.maxFieldBytes),
      () => new DomainError('PAYLOAD_TOO_LARGE', this.handedOver ? ctx.requestTooLarge().message : fieldsTooLarge),
      ctx.reservation,
    );
  }

  start(): void {
    const { parser, reservation } = this.ctx;
    this.res.once('close', () => {
      reservation.release();
      for (const upload of this.map?.values() ?? []) upload.file?.capacitor.release();
    });
    parser.on('field', (name, value, info) => this.onField(name, value, info.valueTruncated));
    parser.on('file', (name, stream, info) => this.onFile(name, stream, info));
    parser.once('filesLimit', () => this.fail(tooLarge(`At most ${this.ctx.maxFiles} files per upload.`)));
    parser.once('partsLimit', () => this.fail(tooLarge(`At most ${this.ctx.maxFiles} files per upload.`)));
    parser.once('fieldsLimit', () => this.fail(badRequest(`A GraphQL upload holds only the ‘operations’ and ‘map’ fields, then the files (${SPEC}).`)));
    parser.on('error', (error: unknown) => this.fail(asRefusal(error)));
    parser.once('finish', () => this.onFinish());
    this.meter.on('error', (error: unknown) => this.fail(asRefusal(error)));
    this.req.once('close', () => {
      if (!this.req.complete) this.fail(new Refusal(499, 'BAD_REQUEST', 'The request was cut off while its files were arriving.'));
    });
    this.req.pipe(this.meter).pipe(parser);
  }

  private onField(name: string, value: string, truncated: boolean): void {
    if (this.failed) return;
    if (truncated) return this.fail(tooLarge(`The ‘${name}’ field is larger than ${Math.round(this.ctx.maxFieldBytes / 1024)} kB.`));
    try {
      if (name === 'operations') this.readOperations(value);
      else if (name === 'map') this.readMap(value);
      else throw badRequest(`Unexpected field ‘${name}’: a GraphQL upload holds ‘operations’, then ‘map’, then the files (${SPEC}).`);
    } catch (error) {
      this.fail(error instanceof GraphQLError ? this.fromGraphQLError(error) : asRefusal(error));
    }
  }

  private fromGraphQLError(error: GraphQLError): Refusal {
    const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'GRAPHQL_PARSE_FAILED';
    return new Refusal(400, code, error.message);
  }

  private readOperations(value: string): void {
    if (this.operations) throw badRequest(`The ‘operations’ field comes once (${SPEC}).`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw badRequest(`Invalid JSON in the ‘operations’ multipart field (${SPEC}).`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || typeof (parsed as Operation).query !== 'string') {
      throw badRequest('The ‘operations’ field must be one operation: an object with a query.');
    }
    const operation = parsed as Operation;
    const document = this.ctx.limits.checkOperation({ query: operation.query, variables: operation.variables });
    this.fileVariables = fileVariablesOf(this.ctx.schema, document, operation.operationName);
    this.document = document;
    if (this.fileVariables.size === 0) throw badRequest('This operation takes no files: send it as JSON (content-type: application/json), not as a multipart upload.');
    this.operations = operation;
  }

  private readMap(value: string): void {
    const operations = this.operations;
    if (!operations || !this.document) throw badRequest(`Disordered multipart fields; ‘map’ should follow ‘operations’ (${SPEC}).`);
    if (this.map) throw badRequest(`The ‘map’ field comes once (${SPEC}).`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw badRequest(`Invalid JSON in the ‘map’ multipart field (${SPEC}).`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest(`Invalid type for the ‘map’ multipart field (${SPEC}).`);
    const entries = Object.entries(parsed);
    if (entries.length > this.ctx.maxFiles) throw tooLarge(`At most ${this.ctx.maxFiles} files per upload.`);
    const map = new Map<string, Upload>();
    for (const [field, paths] of entries) {
      if (!Array.isArray(paths) || paths.length === 0) throw badRequest(`The ‘map’ entry ‘${field}’ must list where its file goes (${SPEC}).`);
      const upload = new Upload();
      for (const path of paths) {
        if (typeof path !== 'string' || !isFilePath(path, this.fileVariables) || !placeAt(operations, path, upload)) {
          throw badRequest(`The ‘map’ entry ‘${field}’ puts a file where the operation takes none (${String(path)}).`);
        }
      }
      map.set(field, upload);
    }
    // A credential that may not run the operation sends none of its files.
    checkOperationTokenScopes(this.ctx.schema, this.document, operations.operationName, operations.variables, this.ctx.token.delegation);
    this.map = map;
    this.handOver();
  }

  private onFile(field: string, stream: Readable, info: busboy.FileInfo): void {
    const upload = this.map?.get(field);
    if (this.failed || !upload || upload.file) {
      // Drained unseen; a refusal then destroys the parser, which fails this stream too.
      stream.on('error', () => undefined);
      stream.resume();
      if (!this.failed) {
        this.fail(
          !this.map
            ? badRequest(`Disordered multipart fields; files should follow ‘map’ (${SPEC}).`)
            : badRequest(upload ? `The file ‘${field}’ was sent twice.` : `The file ‘${field}’ is not in the ‘map’ field.`),
        );
      }
      return;
    }
    let fileError: Error | undefined;
    const capacitor = new WriteStream({ tmpdir: () => this.ctx.spoolDir });
    capacitor.on('error', () => {
      stream.unpipe();
      stream.resume();
    });
    stream.on('limit', () => {
      fileError = Object.assign(new Error(`A file is larger than ${Math.round(this.ctx.maxFileBytes / (1024 * 1024))} MB.`), { status: 413 });
      stream.unpipe();
      capacitor.destroy(fileError);
    });
    stream.on('error', (error: Error) => {
      fileError = error;
      stream.unpipe();
      capacitor.destroy(error);
    });
    const file: FileUpload = {
      fieldName: field,
      filename: info.filename ?? '',
      mimetype: info.mimeType,
      encoding: info.encoding,
      capacitor,
      createReadStream: (options) => {
        const error = fileError ?? this.failed;
        if (error) throw error;
        return capacitor.createReadStream(options);
      },
    };
    stream.pipe(capacitor);
    upload.resolve(file);
  }

  private onFinish(): void {
    if (this.failed) return;
    if (!this.operations) return this.fail(badRequest(`Missing multipart field ‘operations’ (${SPEC}).`));
    if (!this.map) return this.fail(badRequest(`Missing multipart field ‘map’ (${SPEC}).`));
    for (const upload of this.map.values()) if (!upload.file) upload.reject(badRequest('A file of the map is missing from the request.'));
  }

  /** Apollo takes the request; its answer waits for the whole body (the files are read on the way), unless reading stopped. */
  private handOver(): void {
    this.handedOver = true;
    this.meter.maxBytes = this.ctx.maxBodyBytes;
    const send = this.res.send.bind(this.res);
    this.res.send = ((...args: Parameters<Response['send']>) => {
      this.res.send = send;
      if (this.req.complete || this.failed) return send(...args);
      this.pendingSend = () => {
        this.pendingSend = null;
        send(...args);
      };
      this.req.once('end', () => this.pendingSend?.());
      return this.res;
    }) as Response['send'];
    this.req.body = this.operations;
    this.next();
  }

  private fail(refusal: Refusal): void {
    if (this.failed) return;
    this.failed = refusal;
    const code = (Object.hasOwn(ERROR_STATUS, refusal.code) ? refusal.code : 'BAD_USER_INPUT') as ErrorCode;
    const error = new DomainError(code, refusal.message);
    for (const upload of this.map?.values() ?? []) if (!upload.file) upload.reject(error);
    this.req.unpipe(this.meter);
    this.meter.unpipe(this.ctx.parser);
    // busboy ends the file being read with this error (its capacitor, and so its reader, fail too).
    this.ctx.parser.destroy(error);
    if (!this.handedOver) {
      // A client that went away gets no answer.
      if (!this.res.socket?.destroyed) answer(this.res, refusal);
      return;
    }
    // Apollo answers (the operation's files fail with this error); the rest of the body is not read.
    this.pendingSend?.();
  }
}
