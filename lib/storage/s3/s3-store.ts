import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { checkKey, checkPrefix } from "../keys";
import {
  checkContentType,
  signedUrlSettings,
  StorageError,
  type ObjectStore,
  type SignedUrlOptions,
  type StoredObject,
} from "../port";

export type S3StoreOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Keys per listing page while erasing a prefix: S3's 1000 (tests use fewer). */
  listPageSize?: number;
};

/**
 * Objects in an S3-compatible bucket (AWS S3, R2, B2, Ceph, or s3rver on loopback in the tests).
 * Objects are written whole by PutObject, which S3 makes visible atomically.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly listPageSize: number;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.listPageSize = options.listPageSize ?? 1000;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      forcePathStyle: options.forcePathStyle,
      // Other S3-compatible stores do not all know the newer default checksums (CRC32 trailers):
      // send and check them only where S3 requires them. Content-MD5/ETag integrity still holds.
      ...(options.endpoint
        ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" }
        : {}),
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
      maxAttempts: 3,
    });
  }

  private async send<T>(operation: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof StorageError) throw error;
      const name = error instanceof S3ServiceException ? error.name : (error as Error).name;
      throw new StorageError(`Object storage failed to ${operation} (${name})`, "unavailable", { cause: error });
    }
  }

  async put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void> {
    const Key = checkKey(key);
    const ContentType = checkContentType(options.contentType);
    await this.send("store an object", () =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: bytes, ContentType })),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const Key = checkKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!answer.Body) throw new Error("GetObject answered no body");
      return {
        contentType: answer.ContentType ?? "application/octet-stream",
        size: answer.ContentLength ?? 0,
        body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      const name = (error as Error).name;
      throw new StorageError(`Object storage failed to read an object (${name})`, "unavailable", { cause: error });
    }
  }

  async getBytes(key: string): Promise<Uint8Array | null> {
    const object = await this.get(key);
    if (!object) return null;
    return new Uint8Array(await new Response(object.body).arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const Key = checkKey(key);
    await this.send("delete an object", () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const Prefix = checkPrefix(prefix);
    let removed = 0;
    let Marker: string | undefined;
    // List a page (at most 1000 keys), delete it in one call, and go on after its last key until the
    // listing ends. ListObjects (V1) with the last key as Marker, rather than V2's continuation tokens:
    // every S3-compatible store answers it the same way (s3rver's V2 tokens need DES, gone from Node's OpenSSL 3).
    for (;;) {
      const page = await this.send("list objects", () =>
        this.client.send(new ListObjectsCommand({ Bucket: this.bucket, Prefix, Marker, MaxKeys: this.listPageSize })),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const answer = await this.send("delete objects", () =>
          this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } })),
        );
        if (answer.Errors && answer.Errors.length > 0) {
          const first = answer.Errors[0]!;
          throw new StorageError(
            `Object storage kept ${answer.Errors.length} of the objects under ${Prefix} (${first.Code ?? "error"})`,
            "unavailable",
          );
        }
        removed += keys.length;
      }
      if (!page.IsTruncated || keys.length === 0) break;
      Marker = keys.at(-1)!.Key;
    }
    return removed;
  }

  async signedUrl(key: string, options?: SignedUrlOptions): Promise<string> {
    const Key = checkKey(key);
    const { expiresInSeconds, fileName } = signedUrlSettings(options);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key,
        ResponseCacheControl: "private, no-store",
        ResponseContentDisposition: `inline; filename="${fileName}"`,
      }),
      { expiresIn: expiresInSeconds },
    );
  }

  /** Closes the client's connections (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  return name === "NoSuchKey" || name === "NotFound" || status === 404;
}
