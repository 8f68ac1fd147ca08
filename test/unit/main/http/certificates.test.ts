import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../main/api/api-errors';
import {
  CertificateError,
  certificateError,
  NetworkError,
  toNetworkError,
} from '../../../../main/http/network-error';
import {
  CaFileError,
  readCaFile,
  trustedCertificates,
} from '../../../../main/http/trusted-certificates';
import { silentLogger } from '../../../../main/logging/logger';

/** What undici throws for a TLS failure: a wrapper whose cause carries the code. */
function tlsFailure(code: string): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
}

describe('certificate failures', () => {
  it.each([
    ['SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in chain'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate'],
    ['CERT_HAS_EXPIRED', 'certificate has expired'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'the certificate is for another host name'],
  ])('%s is one line naming the problem, the origin and the fix', (code, words) => {
    const error = toNetworkError(
      tlsFailure(code),
      'https://127.0.0.1:8443/v2/photos?X-Amz-Signature=s',
    );
    expect(error).toBeInstanceOf(CertificateError);
    expect(error.message).toBe(
      `The certificate of https://127.0.0.1:8443 is not trusted (${words}): pass --ca-file with your company's CA (the caFile setting in the app), or add it to the system store.`,
    );
    expect(error.message).not.toContain('\n');
    // Waiting would not help: the user must act, the queue does not sit "offline".
    expect(classify(error)).toEqual({
      kind: 'needs-user',
      reason: (error as CertificateError).words,
    });
  });

  it('leaves other failures as network errors (offline, wait)', () => {
    const error = toNetworkError(tlsFailure('ECONNREFUSED'), 'https://127.0.0.1:8443/');
    expect(error).toBeInstanceOf(NetworkError);
    expect(classify(error)).toEqual({ kind: 'wait-for-network' });
    expect(certificateError(tlsFailure('ECONNRESET'), 'https://x.example')).toBeUndefined();
  });
});

describe('trusted certificates', () => {
  const pem = '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----';

  it('are the bundled roots (and the system store where Node has it) plus the CA file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ca-'));
    const file = join(folder, 'company.pem');
    await writeFile(file, `comment\n${pem}\n${pem}\n`);
    const trusted = trustedCertificates(file, silentLogger);
    expect(trusted.slice(0, tls.rootCertificates.length)).toEqual([...tls.rootCertificates]);
    expect(trusted.slice(-2)).toEqual([pem, pem]);
    expect(trustedCertificates(undefined, silentLogger).length).toBe(trusted.length - 2);
  });

  it('refuse a missing CA file, or one without a certificate, naming the file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ca-'));
    const missing = join(folder, 'nope.pem');
    expect(() => readCaFile(missing)).toThrow(
      new CaFileError(`The CA file ${missing} cannot be used: it does not exist.`),
    );
    const empty = join(folder, 'empty.pem');
    await writeFile(empty, 'not a certificate');
    expect(() => readCaFile(empty)).toThrow(`The CA file ${empty} holds no PEM certificate`);
  });
});
