import { describe, expect, it } from 'vitest';
import { sayHostTest } from '../../../../shared/domain/host-test';
import { createTranslator } from '../../../../shared/i18n/translator';
import { NetworkError } from '../../../../main/http/network-error';
import { testHostRoundTrip } from '../../../../main/staging/host-round-trip';
import type { PhotoHost } from '../../../../main/staging/photo-host';

// A photo store out of reach is the commonest way the host test fails: its reason must be words
// in every language, never the network error's English kept as legacy text.

/** A host whose `stage` fails as an S3 store out of reach does (one module's fake). */
function unreachableHost(error: Error): PhotoHost {
  return {
    kind: 's3',
    stage: () => Promise.reject(error),
    test: () => Promise.resolve(),
  };
}

describe('the photo host test when the store cannot be reached', () => {
  it.each([
    [
      'refused',
      new NetworkError('Could not reach the photo store', 'ECONNREFUSED'),
      'ECONNREFUSED',
    ],
    ['unavailable', new NetworkError('The photo store is unavailable (503)', '503'), '503'],
    ['no code', new NetworkError('Could not reach the photo store', undefined), 'network'],
  ])('%s: says so in words, in Spanish too', async (_name, error, detail) => {
    const result = await testHostRoundTrip(unreachableHost(error));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.step).toBe('put');
    expect(result.reason).toEqual({
      key: 'reason.hostTest.storeUnreachable',
      values: { detail },
    });
    const spanish = sayHostTest(result, createTranslator('es').t);
    expect(spanish).toContain(detail);
    expect(spanish).not.toMatch(/photo store|Could not reach|unavailable/);
  });
});
