import type { IncomingMessage } from 'node:http';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { SigV4Gate } from '../../../service/s3/sigv4-gate';

const ENDPOINT = 'http://127.0.0.1:9000';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };

function client(
  overrides: {
    region?: string;
    secret?: string;
    capture?: (headers: Record<string, string>, url: string) => void;
  } = {},
) {
  const s3 = new S3Client({
    endpoint: ENDPOINT,
    region: overrides.region ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: overrides.secret ?? 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // Capture the signed request instead of sending it.
  s3.middlewareStack.add(
    () => (args) => {
      const request = args.request as {
        headers: Record<string, string>;
        path: string;
        query: Record<string, string>;
      };
      const query = new URLSearchParams(request.query).toString();
      overrides.capture?.(request.headers, `${request.path}${query ? `?${query}` : ''}`);
      // Answer as if the store had said 200; the test only needs what was signed.
      const answered: unknown = {
        response: { statusCode: 200, headers: {} },
        output: { $metadata: {} },
      };
      return Promise.resolve(answered as never);
    },
    { step: 'finalizeRequest', priority: 'low', name: 'capture' },
  );
  return s3;
}

function incoming(method: string, url: string, headers: Record<string, string>): IncomingMessage {
  return {
    method,
    url,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  } as unknown as IncomingMessage;
}

async function signedPut(options: Parameters<typeof client>[0] = {}) {
  let captured: { headers: Record<string, string>; url: string } | undefined;
  await client({ ...options, capture: (headers, url) => (captured = { headers, url }) }).send(
    new PutObjectCommand({ Bucket: 'b', Key: 'photos/a b+c.jpg', Body: 'bytes' }),
  );
  return incoming('PUT', captured!.url, captured!.headers);
}

async function presigned(expiresIn: number, options: Parameters<typeof client>[0] = {}) {
  const url = new URL(
    await getSignedUrl(
      client(options),
      new GetObjectCommand({ Bucket: 'b', Key: 'photos/a.jpg' }),
      { expiresIn },
    ),
  );
  return incoming('GET', `${url.pathname}${url.search}`, { host: url.host });
}

/** A multipart request as the SDK signs it (its method read from the command). */
async function signedMultipart(
  method: string,
  command:
    | CreateMultipartUploadCommand
    | UploadPartCommand
    | CompleteMultipartUploadCommand
    | AbortMultipartUploadCommand,
) {
  let captured: { headers: Record<string, string>; url: string } | undefined;
  await client({ capture: (headers, url) => (captured = { headers, url }) }).send(command as never);
  return incoming(method, captured!.url, captured!.headers);
}

describe('SigV4Gate', () => {
  it('verifies the subresources of multipart requests (?uploads, ?partNumber&uploadId)', async () => {
    const gate = new SigV4Gate(CREDENTIALS);
    const target = { Bucket: 'b', Key: 'photos/big.jpg' };
    const requests = [
      await signedMultipart('POST', new CreateMultipartUploadCommand(target)),
      await signedMultipart(
        'PUT',
        new UploadPartCommand({ ...target, UploadId: 'abc123', PartNumber: 2, Body: 'bytes' }),
      ),
      await signedMultipart(
        'POST',
        new CompleteMultipartUploadCommand({
          ...target,
          UploadId: 'abc123',
          MultipartUpload: { Parts: [{ ETag: '"e"', PartNumber: 1 }] },
        }),
      ),
      await signedMultipart(
        'DELETE',
        new AbortMultipartUploadCommand({ ...target, UploadId: 'abc123' }),
      ),
    ];
    expect(requests.map((request) => new URL(request.url!, 'http://x').search)).toEqual([
      expect.stringMatching(/^\?uploads=/),
      expect.stringMatching(/partNumber=2/),
      expect.stringMatching(/uploadId=abc123/),
      expect.stringMatching(/uploadId=abc123/),
    ]);
    for (const request of requests) expect(await gate.check(request)).toBeUndefined();
    // Another part number, another upload, or a subresource added: the signature no longer holds.
    const [create, part, , abort] = requests;
    part!.url = part!.url!.replace('partNumber=2', 'partNumber=3');
    abort!.url = abort!.url!.replace('uploadId=abc123', 'uploadId=abc124');
    create!.url = create!.url!.replace('?uploads=', '?uploads=&acl=');
    for (const request of [part, abort, create]) {
      expect((await gate.check(request!))?.code).toBe('SignatureDoesNotMatch');
    }
  });

  it('accepts a header-signed PUT from the SDK and refuses the same request altered', async () => {
    const gate = new SigV4Gate(CREDENTIALS);
    const request = await signedPut();
    expect(await gate.check(request)).toBeUndefined();
    request.url = request.url!.replace('a%20b', 'a%20c');
    expect((await gate.check(request))?.code).toBe('SignatureDoesNotMatch');
  });

  it('refuses a wrong secret, a wrong region and an unsigned request', async () => {
    const gate = new SigV4Gate(CREDENTIALS);
    expect((await gate.check(await signedPut({ secret: 'nope' })))?.code).toBe(
      'SignatureDoesNotMatch',
    );
    expect((await gate.check(await signedPut({ region: 'eu-west-1' })))?.code).toBe(
      'AuthorizationHeaderMalformed',
    );
    expect(
      (await gate.check(incoming('GET', '/b/photos/a.jpg', { host: '127.0.0.1:9000' })))?.code,
    ).toBe('AccessDenied');
  });

  it('refuses a header-signed request from a clock more than 15 minutes off', async () => {
    const request = await signedPut();
    const skewed = new SigV4Gate(CREDENTIALS, () => Date.now() + 16 * 60_000);
    expect((await skewed.check(request))?.code).toBe('RequestTimeTooSkewed');
  });

  it('accepts a presigned GET until it expires', async () => {
    const request = await presigned(3600);
    expect(await new SigV4Gate(CREDENTIALS).check(request)).toBeUndefined();
    const later = new SigV4Gate(CREDENTIALS, () => Date.now() + 3601_000);
    expect(await later.check(request)).toMatchObject({
      code: 'AccessDenied',
      message: 'Request has expired',
    });
  });

  it('refuses a presigned URL with a changed key, expiry or signature', async () => {
    const gate = new SigV4Gate(CREDENTIALS);
    const request = await presigned(3600);
    for (const change of [
      (url: string) => url.replace('a.jpg', 'b.jpg'),
      (url: string) => url.replace('X-Amz-Expires=3600', 'X-Amz-Expires=7200'),
      (url: string) => url.replace(/X-Amz-Signature=\w{4}/, 'X-Amz-Signature=0000'),
    ]) {
      const altered = { ...request, url: change(request.url!) } as IncomingMessage;
      expect((await gate.check(altered))?.code).toBe('SignatureDoesNotMatch');
    }
  });
});
