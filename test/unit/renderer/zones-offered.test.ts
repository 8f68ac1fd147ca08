import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonesOffered } from '../../../renderer/components/ui/zones-offered';

describe('the zones a zone picker offers', () => {
  it('are the listed zones when the held one is listed', () => {
    expect(zonesOffered('Europe/Rome', ['America/New_York', 'Europe/Rome'])).toEqual([
      'America/New_York',
      'Europe/Rome',
    ]);
  });

  it('put a held zone this Intl does not list first, once', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 })), fc.string(), (listed, held) => {
        const offered = zonesOffered(held, listed);
        expect(offered).toContain(held);
        expect(offered.filter((zone) => zone === held)).toHaveLength(1);
        expect(offered.filter((zone) => zone !== held)).toEqual(
          listed.filter((zone) => zone !== held),
        );
      }),
    );
  });
});
