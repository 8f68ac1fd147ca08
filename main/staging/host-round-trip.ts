import { randomBytes, createHash } from 'node:crypto';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Dispatcher, fetch } from 'undici';
import { type HostTestResult, type HostTestStep, sayHostTest } from '../../shared/domain/host-test';
import { insecureAddressWords } from '../../shared/domain/secure-address';
import { createTranslator, type Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { certificateError, NetworkError } from '../http/network-error';
import { fsErrorReason } from '../media/fs-error-reason';
import { isWordedError, reasonOfError } from '../queue/queue-reason';
import type { PhotoHost, StageRequest } from './photo-host';

/** The steps of the photo host test, in order: the one that failed is named to the user. */
export type RoundTripStep = HostTestStep;

/** What the photo host test found (see {@link HostTestResult}). */
export type RoundTripResult = HostTestResult;

/** An 8×8 grey JPEG (made with sharp); random bytes after its end makes every test image new (its own key, its own URL). */
const TINY_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AAA//2Q==',
  'base64',
);

const FETCH_TIMEOUT_MS = 15_000;

/** Says the test's outcome in English, for the command line and the logs. */
const ENGLISH = createTranslator('en');

/**
 * Why something failed, in words: its own; the photo store out of reach (a network error, or a
 * store answering 5xx/429); a file system error's (a published host's folder); else its English
 * kept.
 */
function reasonOf(error: unknown): Words {
  if (isWordedError(error)) return error.words;
  if (error instanceof NetworkError)
    return words('reason.hostTest.storeUnreachable', { detail: error.reason ?? 'network' });
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return fsErrorReason(error, 'file');
  return reasonOfError(error);
}

/** The code (ECONNREFUSED, UND_ERR_CONNECT_TIMEOUT) of an error or of its cause, if any. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  return 'cause' in error ? codeOf(error.cause) : undefined;
}

const failed = (step: RoundTripStep, reason: Words): RoundTripResult => {
  const said = words('hostTest.failed', { step });
  return {
    ok: false,
    step,
    words: said,
    reason,
    message: sayHostTest({ words: said, reason }, ENGLISH.t),
  };
};

const WORKS = words('hostTest.works');

/**
 * Tests a photo host end to end, as an upload uses it: puts a small test image where photos go,
 * takes the address the Photo Service would be given (presigned or published), downloads it
 * from exactly that address, compares the bytes, and removes the test image. Says which step
 * failed; only a full round trip is a success.
 */
export async function testHostRoundTrip(
  host: PhotoHost,
  options: { readonly signal?: AbortSignal; readonly dispatcher?: Dispatcher } = {},
): Promise<RoundTripResult> {
  const bytes = Buffer.concat([TINY_JPEG, randomBytes(16)]);
  const md5 = createHash('md5').update(bytes).digest('hex');
  const ownFolder =
    host.localFolder === undefined ? await mkdtemp(join(tmpdir(), 'host-test-')) : undefined;
  const path = join(host.localFolder ?? ownFolder ?? tmpdir(), `.photo-uploader-test-${md5}.jpg`);
  const request: StageRequest = { path, md5, format: 'jpeg', size: bytes.length };
  let staged = false;

  const cleanUp = async (): Promise<Words | undefined> => {
    const problems: Words[] = [];
    if (staged && host.discard)
      await host.discard(request, options.signal).catch((error: unknown) => {
        problems.push(reasonOf(error));
      });
    await unlink(path).catch((error: unknown) => {
      const missing =
        typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
      if (!missing) problems.push(reasonOf(error));
    });
    if (ownFolder !== undefined) await rm(ownFolder, { recursive: true, force: true });
    // The first problem is the one to fix; a second one is usually its consequence.
    return problems[0];
  };

  const outcome = await (async (): Promise<RoundTripResult> => {
    let uri: string;
    try {
      await writeFile(path, bytes, { flag: 'wx' });
      const answer = await host.stage(request, options.signal);
      staged = true;
      uri = answer.uri;
    } catch (error) {
      return failed('put', reasonOf(error));
    }
    let address: URL;
    try {
      address = new URL(uri);
    } catch {
      return failed('url', words('reason.hostTest.notWebAddress'));
    }
    const insecure = insecureAddressWords(address.href);
    if (insecure !== undefined) return failed('url', insecure);
    let fetched: Buffer;
    try {
      const response = await fetch(address, {
        signal: options.signal ?? AbortSignal.timeout(FETCH_TIMEOUT_MS),
        ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return failed(
          'fetch',
          words('reason.hostTest.answered', { origin: address.origin, status: response.status }),
        );
      }
      fetched = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      const untrusted = certificateError(error, address);
      if (untrusted !== undefined) return failed('fetch', untrusted.words);
      return failed(
        'fetch',
        words('reason.hostTest.unreachable', {
          origin: address.origin,
          detail: codeOf(error) ?? (error instanceof Error ? error.message : String(error)),
        }),
      );
    }
    if (!fetched.equals(bytes))
      return failed(
        'compare',
        words('reason.hostTest.notTheImage', { origin: address.origin, size: fetched.length }),
      );
    return { ok: true, words: WORKS, message: sayHostTest({ words: WORKS }, ENGLISH.t) };
  })();

  const cleanupProblem = await cleanUp();
  if (outcome.ok && cleanupProblem !== undefined) return failed('cleanup', cleanupProblem);
  return outcome;
}
