import { words } from '../../shared/i18n/words';
import { createReadStream } from 'node:fs';
import { countedBody } from './counted-body';
import {
  DEFAULT_MULTIPART_THRESHOLD_BYTES,
  DEFAULT_PART_BYTES,
  uploadInParts,
} from './s3-multipart-upload';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Clock } from '../../shared/domain/clock';
import { requireSecureAddress } from '../../shared/domain/secure-address';
import type { Dispatcher } from 'undici';
import { createHttpAgent, type HttpAgent } from '../http/http-agent';
import { certificateError, NetworkError } from '../http/network-error';
import { UndiciS3RequestHandler } from '../http/s3-request-handler';
import type { AwsCredentialsProvider } from './aws-profile-credentials';
import {
  CONTENT_TYPES,
  EXTENSIONS,
  type PhotoHost,
  type StageRequest,
  type Staged,
  StagingError,
} from './photo-host';

/**
 * How the host's requests are signed: keys (from the keychain), or the provider of an AWS profile
 * (`profileCredentials`), which the S3 client calls again before the credentials it gave expire.
 */
export type S3HostCredentials =
  | { readonly accessKeyId: string; readonly secretAccessKey: string }
  | { readonly credentials: AwsCredentialsProvider };

/** An S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, Wasabi, MinIO…). */
export type S3HostConfig = S3HostCredentials & {
  readonly endpoint: string | undefined;
  readonly region: string;
  readonly bucket: string;
  /** Folder-like prefix for keys, e.g. `uploads/`. */
  readonly prefix: string;
  readonly pathStyle: boolean;
  /** How long the service may take to fetch a photo, in seconds (default 1 h). */
  readonly urlLifetimeSeconds: number;
  /** Files larger than this go in parts (default 16 MiB; see `uploadInParts`). */
  readonly multipartThresholdBytes?: number | undefined;
  /** The size of each part but the last (default 8 MiB, never under S3's 5 MiB). */
  readonly multipartPartBytes?: number | undefined;
};

/**
 * Presigned URLs live an hour: long enough for the service to fetch the photo after it answers
 * (the engine renews a URL that would expire too soon), short enough that a leaked one soon dies.
 */
export const DEFAULT_URL_LIFETIME_SECONDS = 60 * 60;

/**
 * A presigned URL works only while the credentials that signed it do: one signed with temporary
 * credentials (IAM Identity Center, `credential_process`, an assumed role) dies with them. So a
 * URL never outlives its credentials, and credentials with less than this share of the URL
 * lifetime left are renewed first: the URL still lives long enough for the engine not to sign it
 * again at once, and temporary credentials are not fetched again for every photo.
 */
const RENEW_BELOW_SHARE = 3 / 4;

/** Seconds before its credentials expire that a URL stops being handed out as working. */
const CREDENTIALS_SKEW_SECONDS = 30;

/**
 * Whether the object already holds these bytes: the MD5 this app stored with it, or the ETag,
 * which is the MD5 of the content for a single-part PUT (a multipart ETag has a `-N` suffix and
 * says nothing about the bytes). The length alone would take a different photo of the same size.
 */
export function holdsContent(
  head: {
    readonly ETag?: string | undefined;
    readonly Metadata?: Record<string, string> | undefined;
  },
  md5: string,
): boolean {
  const stored = head.Metadata?.md5?.toLowerCase();
  if (stored !== undefined) return stored === md5;
  const etag = head.ETag?.replaceAll('"', '').toLowerCase();
  return etag !== undefined && /^[0-9a-f]{32}$/.test(etag) && etag === md5;
}

/** SDK send options for an optional signal. */
function abortable(signal: AbortSignal | undefined): { abortSignal?: AbortSignal } {
  return signal ? { abortSignal: signal } : {};
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 ||
      error.name === 'NotFound' ||
      error.name === 'NoSuchKey')
  );
}

function explain(error: unknown, endpoint: string | undefined): Error {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    if (
      status === 403 ||
      error.name === 'SignatureDoesNotMatch' ||
      error.name === 'InvalidAccessKeyId'
    ) {
      return new StagingError(words('reason.staging.keysRefused'));
    }
    if (error.name === 'NoSuchBucket')
      return new StagingError(words('reason.staging.noSuchBucket'));
    if (status >= 500 || status === 429)
      return new NetworkError(`The photo store is unavailable (${status})`, String(status));
    return new StagingError(words('reason.staging.uploadRefused', { name: error.name }));
  }
  if (error instanceof StagingError || error instanceof NetworkError) return error;
  if (error instanceof Error && error.name === 'AbortError')
    return new NetworkError('The upload to the photo store was stopped', 'ABORT_ERR');
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  if (code === 'ENOENT') return new StagingError(words('reason.staging.fileMoved'));
  if (code === 'EACCES' || code === 'EPERM')
    return new StagingError(words('reason.staging.permissionDenied'));
  const untrusted = endpoint === undefined ? undefined : certificateError(error, endpoint);
  if (untrusted) return untrusted;
  return new NetworkError('Could not reach the photo store', code);
}

/**
 * Stages photos in an S3-compatible bucket under content-addressed keys (`prefix` + MD5 +
 * extension), so a retry overwrites the same object and a photo already there is not sent again.
 * The service gets a presigned GET URL that lives long enough to fetch it. A file over
 * `multipartThresholdBytes` goes in parts (`uploadInParts`), a smaller one in a single PUT.
 * The constructor throws InsecureAddressError for a plain-http endpoint on another computer.
 */
export class S3PhotoHost implements PhotoHost {
  readonly kind = 's3';
  /** How long the last URL handed out lives (see `#urlLifetimeSeconds`), in ms. */
  #urlLifetimeMs: number;
  readonly #client: S3Client;

  /** An agent this host made for itself (no dispatcher given), closed with it. */
  readonly #ownAgent: HttpAgent | undefined;

  /**
   * `dispatcher` carries every request (the core's proxy and certificate choices); without one,
   * the host makes its own from the environment (`HTTPS_PROXY`…, Node's roots).
   */
  constructor(
    private readonly config: S3HostConfig,
    private readonly clock: Clock,
    dispatcher?: Dispatcher,
  ) {
    // Keys sign every request and the photos go through it: https unless on this computer.
    if (config.endpoint !== undefined) requireSecureAddress(config.endpoint);
    this.#urlLifetimeMs = config.urlLifetimeSeconds * 1000;
    this.#ownAgent = dispatcher === undefined ? createHttpAgent() : undefined;
    this.#client = new S3Client({
      region: config.region,
      forcePathStyle: config.pathStyle,
      // A provider function, not a snapshot: the SDK calls it again before its credentials expire.
      credentials:
        'credentials' in config
          ? config.credentials
          : { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where an operation requires them: many S3-compatible stores do not speak
      // the SDK's default aws-chunked CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: new UndiciS3RequestHandler(dispatcher ?? this.#ownAgent ?? createHttpAgent()),
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    });
  }

  /**
   * How long a URL it hands out works, in ms: the configured lifetime, or less when the
   * credentials that signed the last one expire sooner (the engine renews a URL against this).
   */
  get urlLifetimeMs(): number {
    return this.#urlLifetimeMs;
  }

  /**
   * The lifetime of the next presigned URL, in seconds: the configured one, cut to the time the
   * signing credentials have left; credentials with too little left are renewed first.
   */
  async #urlLifetimeSeconds(): Promise<number> {
    const wanted = this.config.urlLifetimeSeconds;
    const provider = this.#client.config.credentials;
    const secondsLeft = (expiration: Date | undefined) =>
      expiration === undefined
        ? Infinity
        : (expiration.getTime() - this.clock.now()) / 1000 - CREDENTIALS_SKEW_SECONDS;
    let left = secondsLeft((await provider()).expiration);
    if (left < wanted * RENEW_BELOW_SHARE)
      left = secondsLeft((await provider({ forceRefresh: true })).expiration);
    const lifetime = Math.max(1, Math.floor(Math.min(wanted, left)));
    this.#urlLifetimeMs = lifetime * 1000;
    return lifetime;
  }

  get #multipartThreshold(): number {
    return this.config.multipartThresholdBytes ?? DEFAULT_MULTIPART_THRESHOLD_BYTES;
  }

  keyFor(request: StageRequest): string {
    return `${this.config.prefix}${request.md5}.${EXTENSIONS[request.format]}`;
  }

  async stage(request: StageRequest, signal?: AbortSignal): Promise<Staged> {
    const key = this.keyFor(request);
    let bytesSent = 0;
    try {
      const present = await this.#client
        .send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }), abortable(signal))
        .then((head) => head.ContentLength === request.size && holdsContent(head, request.md5))
        .catch((error: unknown) => {
          if (isNotFound(error)) return false;
          throw error;
        });
      if (!present && request.size > this.#multipartThreshold) {
        await uploadInParts(
          {
            client: this.#client,
            bucket: this.config.bucket,
            key,
            partBytes: this.config.multipartPartBytes ?? DEFAULT_PART_BYTES,
          },
          request,
          signal,
        );
        bytesSent = request.size;
      } else if (!present) {
        await this.#client.send(
          new PutObjectCommand({
            Bucket: this.config.bucket,
            Key: key,
            // From the file that was checked, not the path again; exactly the bytes hashed.
            Body: countedBody(
              request.file
                ? request.file.createReadStream({
                    start: 0,
                    end: request.size - 1,
                    autoClose: false,
                  })
                : createReadStream(request.path, { start: 0, end: request.size - 1 }),
              request.onProgress,
              request.bandwidth,
            ),
            ContentLength: request.size,
            ContentType: CONTENT_TYPES[request.format],
            Metadata: { md5: request.md5 },
            // The store checks the bytes against the MD5 taken at intake.
            ContentMD5: Buffer.from(request.md5, 'hex').toString('base64'),
          }),
          abortable(signal),
        );
        bytesSent = request.size;
      }
      const lifetime = await this.#urlLifetimeSeconds();
      const uri = await getSignedUrl(
        this.#client,
        new GetObjectCommand({ Bucket: this.config.bucket, Key: key }),
        { expiresIn: lifetime },
      );
      return { uri, expiresAt: this.clock.now() + lifetime * 1000, bytesSent };
    } catch (error) {
      throw explain(error, this.config.endpoint);
    }
  }

  async test(signal?: AbortSignal): Promise<void> {
    try {
      await this.#client.send(
        new HeadBucketCommand({ Bucket: this.config.bucket }),
        abortable(signal),
      );
    } catch (error) {
      throw explain(error, this.config.endpoint);
    }
  }

  async discard(request: StageRequest, signal?: AbortSignal): Promise<void> {
    try {
      await this.#client.send(
        new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyFor(request) }),
        abortable(signal),
      );
    } catch (error) {
      throw explain(error, this.config.endpoint);
    }
  }

  close(): void {
    this.#client.destroy();
    void this.#ownAgent?.close().catch(() => undefined);
  }
}
