import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/** A server certificate for loopback and the private CA that signed it. */
export type LoopbackCertificate = {
  /** The server's certificate and key (PEM), for `https.createServer`. */
  readonly cert: string;
  readonly key: string;
  /** Where the CA's certificate (PEM) was written: what a client passes as `--ca-file`. */
  readonly caFile: string;
  /** Deletes the CA file and its folder. */
  remove(): Promise<void>;
};

/** Certificates live a day: the service is restarted far more often, and nothing reuses them. */
const LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Makes a throwaway CA and, signed by it, a certificate for 127.0.0.1, ::1 and localhost. The CA
 * (not the server certificate) is what clients trust, as with a company CA; its private key stays
 * in memory and is forgotten after signing.
 */
export async function createLoopbackCertificate(): Promise<LoopbackCertificate> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(Date.now() + LIFETIME_MS);
  const ca = await generate([{ name: 'commonName', value: 'Photo Service test CA' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const server = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  const folder = await mkdtemp(join(tmpdir(), 'photo-service-tls-'));
  const caFile = join(folder, 'ca.pem');
  await writeFile(caFile, ca.cert, { mode: 0o644 });
  return {
    cert: server.cert,
    key: server.private,
    caFile,
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
