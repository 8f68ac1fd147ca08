import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import type { Logger } from '../logging/logger';
import type { NetworkOptions } from './http-agent';
import type { ProxyResolver } from './proxy-routing-dispatcher';

/** A `caFile` that cannot be used; the message names the file and what is wrong with it. */
export class CaFileError extends Error {
  override readonly name = 'CaFileError';
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates (PEM) in an extra CA file. @throws CaFileError naming the file. */
export function readCaFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    const why = code === 'ENOENT' ? 'it does not exist' : `it cannot be read (${code || 'error'})`;
    throw new CaFileError(`The CA file ${path} cannot be used: ${why}.`);
  }
  const certificates = text.match(PEM_CERTIFICATE) ?? [];
  if (certificates.length === 0)
    throw new CaFileError(
      `The CA file ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----).`,
    );
  return certificates;
}

/** The operating system's trusted certificates, where this Node can read them (Node 22.15+). */
function systemCertificates(logger: Logger): string[] {
  // Electron 45's Node has it; the Node 20 that runs the command line and tests does not.
  const read: unknown = Reflect.get(tls, 'getCACertificates');
  if (typeof read !== 'function') {
    logger.debug('this Node cannot read the system certificate store; bundled roots only');
    return [];
  }
  const answer: unknown = Reflect.apply(read, tls, ['system']);
  return Array.isArray(answer)
    ? answer.filter((item): item is string => typeof item === 'string')
    : [];
}

/**
 * Every certificate authority a connection trusts: Node's bundled roots, the system store, and
 * the user's extra CA file. Passing `ca` replaces Node's defaults, so the roots are included.
 * @throws CaFileError when `caFile` is set but unusable.
 */
export function trustedCertificates(caFile: string | undefined, logger: Logger): string[] {
  const extra = caFile === undefined ? [] : readCaFile(caFile);
  return [...tls.rootCertificates, ...systemCertificates(logger), ...extra];
}

/**
 * How requests go out: the system proxy when a resolver is given (the app), else the
 * environment's (the command line), trusting the bundled roots, the system store and `caFile`.
 * An unusable CA file is returned as `caProblem` (the queue then waits and says why) and the
 * other roots are still trusted.
 */
export function networkFor(
  caFile: string | undefined,
  resolver: ProxyResolver | undefined,
  logger: Logger,
): { readonly network: NetworkOptions; readonly caProblem: string | undefined } {
  const proxy: NetworkOptions['proxy'] = resolver
    ? { kind: 'system', resolver, logger }
    : { kind: 'environment' };
  try {
    return { network: { proxy, ca: trustedCertificates(caFile, logger) }, caProblem: undefined };
  } catch (error) {
    if (!(error instanceof CaFileError)) throw error;
    logger.warn('the CA file cannot be used', { reason: error.message });
    return {
      network: { proxy, ca: trustedCertificates(undefined, logger) },
      caProblem: error.message,
    };
  }
}
