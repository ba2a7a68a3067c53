import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../../config';
import { loadLater } from '../load-later';
import { checkUpload } from './intake';
import { isFileKey, type ByteRange, type FileBackend, type PutRules, type StoredFile } from './storage';

/**
 * The AWS SDK, loaded when a server keeps its files in a bucket: the others (the embedded default)
 * need not wait the half second it takes at every start.
 */
const sdk = loadLater<typeof ClientS3>('@aws-sdk/client-s3');
const uploads = loadLater<typeof LibStorage>('@aws-sdk/lib-storage');

/** The most one CopyObject request copies; S3 storage refuses larger files as too large. */
export const S3_COPY_LIMIT = 5 * 1024 ** 3;
const MB = 1024 * 1024;

export interface S3Options {
  bucket: string;
  /** Bytes per multipart part (at least 5 MiB, S3's minimum); `queueSize` parts are in flight at once. */
  partSize?: number;
  queueSize?: number;
}

/** A client for the bucket `STORAGE_URL` names; the SDK finds the credentials (environment, role…). */
export const s3Client = (storage: Extract<StorageConfig, { kind: 's3' }>) =>
  new (sdk().S3Client)({
    region: storage.region,
    ...(storage.endpoint && { endpoint: storage.endpoint }),
    forcePathStyle: storage.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the CRC32 headers
    // the SDK otherwise adds to every request.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

const notFound = (e: unknown) => e instanceof sdk().S3ServiceException && e.$metadata.httpStatusCode === 404;

/**
 * Files in an S3 bucket (AWS, MinIO, Ceph and other S3-compatible stores) under `files/<sha256>`,
 * their MD5 in the object's metadata. An upload streams to a temporary `incoming/` object in
 * parts (about `partSize × (queueSize + 1)` bytes in memory, whatever the file's size), passing the
 * same checks as on local disk; only once it has passed them is it copied to its content key.
 * A refused or broken upload is deleted, its unfinished multipart upload aborted.
 */
export class S3Storage implements FileBackend {
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(
    private readonly client: S3Client,
    options: S3Options,
  ) {
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? 8 * MB;
    this.queueSize = options.queueSize ?? 2;
  }

  private objectKey(key: string) {
    return `files/${key}`;
  }

  async put(source: Readable | AsyncIterable<Uint8Array>, rules: PutRules, placing?: (key: string) => Promise<void>): Promise<StoredFile> {
    // A larger file would need a multipart copy to reach its content key: it is refused as too large instead.
    const intake = checkUpload({ ...rules, maxBytes: Math.min(rules.maxBytes, S3_COPY_LIMIT) });
    const temporary = `incoming/${randomUUID()}`;
    const body = Readable.from(intake.check(source));
    try {
      const upload = new (uploads().Upload)({
        client: this.client,
        params: { Bucket: this.bucket, Key: temporary, Body: body },
        partSize: this.partSize,
        queueSize: this.queueSize,
      });
      // A refusal stays the answer even when aborting the multipart upload fails too.
      await upload.done().catch((e: unknown) => {
        throw intake.refusal() ?? e;
      });
      const { sha256, ...file } = intake.result();
      await placing?.(sha256);
      // The same content may already be there: the copy replaces it with identical bytes.
      await this.client.send(
        new (sdk().CopyObjectCommand)({
          Bucket: this.bucket,
          Key: this.objectKey(sha256),
          CopySource: `${this.bucket}/${temporary}`,
          MetadataDirective: 'REPLACE',
          ContentType: file.contentType,
          Metadata: { md5: file.md5 },
        }),
      );
      return { key: sha256, sha256, ...file };
    } finally {
      body.destroy();
      // A leftover the store would not delete is never served (nothing reads incoming/); the
      // bucket's lifecycle rule expires it (docs/operations.md).
      await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.bucket, Key: temporary })).catch(() => undefined);
    }
  }

  private stored(key: string, object: { ContentType?: string; Metadata?: Record<string, string> }, size: number): StoredFile {
    return { key, sha256: key, size, contentType: object.ContentType ?? 'application/octet-stream', md5: object.Metadata?.md5 ?? '' };
  }

  async stat(key: string): Promise<StoredFile | null> {
    if (!isFileKey(key)) return null;
    try {
      const head = await this.client.send(new (sdk().HeadObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return this.stored(key, head, head.ContentLength ?? 0);
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async get(key: string, range?: ByteRange) {
    if (!isFileKey(key)) return null;
    try {
      const object = await this.client.send(
        new (sdk().GetObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key), ...(range && { Range: `bytes=${range.start}-${range.end}` }) }),
      );
      // A range's length is the range's: the whole file's size is the total of its Content-Range.
      const size = range ? Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1]) : (object.ContentLength ?? 0);
      // In Node the SDK's body is a Readable stream.
      return { ...this.stored(key, object, size), body: object.Body as Readable };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<boolean> {
    if (!(await this.stat(key))) return false;
    await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }));
    return true;
  }
}
