import { randomBytes, createHash } from 'node:crypto';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Dispatcher, fetch } from 'undici';
import { insecureAddressReason } from '../../shared/domain/secure-address';
import type { PhotoHost, StageRequest } from './photo-host';

/** The steps of the photo host test, in order: the one that failed is named to the user. */
export type RoundTripStep = 'put' | 'url' | 'fetch' | 'compare' | 'cleanup';

/** What the photo host test found. */
export type RoundTripResult =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly step: RoundTripStep; readonly message: string };

/** An 8×8 grey JPEG (made with sharp); random bytes after its end makes every test image new (its own key, its own URL). */
const TINY_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AAA//2Q==',
  'base64',
);

const FETCH_TIMEOUT_MS = 15_000;

/** Words for each step, as the user reads them. */
const STEP_WORDS: Readonly<Record<RoundTripStep, string>> = {
  put: 'putting a test image where photos go',
  url: 'making the address the Photo Service would download it from',
  fetch: 'downloading the test image from that address',
  compare: 'comparing the downloaded bytes with the test image',
  cleanup: 'removing the test image',
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const failed = (step: RoundTripStep, reason: string): RoundTripResult => ({
  ok: false,
  step,
  message: `The photo host test failed at ${step} (${STEP_WORDS[step]}): ${reason}.`.replace(
    /\.\.$/,
    '.',
  ),
});

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

  const cleanUp = async (): Promise<string | undefined> => {
    const problems: string[] = [];
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
    return problems.length > 0 ? problems.join('; ') : undefined;
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
      return failed('url', 'the host did not give a web address');
    }
    const insecure = insecureAddressReason(address.href);
    if (insecure !== undefined) return failed('url', insecure);
    let fetched: Buffer;
    try {
      const response = await fetch(address, {
        signal: options.signal ?? AbortSignal.timeout(FETCH_TIMEOUT_MS),
        ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return failed('fetch', `${address.origin} answered ${response.status}`);
      }
      fetched = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      return failed('fetch', `${address.origin} could not be reached (${reasonOf(error)})`);
    }
    if (!fetched.equals(bytes))
      return failed(
        'compare',
        `${address.origin} served ${fetched.length} bytes that are not the test image`,
      );
    return {
      ok: true,
      message:
        'The photo host works: a test image was put where photos go, downloaded from the address the Photo Service would get, and matched byte for byte.',
    };
  })();

  const cleanupProblem = await cleanUp();
  if (outcome.ok && cleanupProblem !== undefined) return failed('cleanup', cleanupProblem);
  return outcome;
}
