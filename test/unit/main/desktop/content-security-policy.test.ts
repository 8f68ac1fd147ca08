import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  REACT_ARIA_PRESSABLE_STYLE_HASH,
} from '../../../../main/desktop/content-security-policy';

/** The text react-aria's `usePress` writes into its `<style>`, read from the installed package. */
async function pressableStyleText(): Promise<string> {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('react-aria/package.json'));
  const source = await readFile(join(root, 'dist/private/interactions/usePress.mjs'), 'utf8');
  const attribute = /PRESSABLE_ATTRIBUTE = '([^']+)'/.exec(source)?.[1];
  const template = /style\.textContent = `([^`]*)`\.trim\(\)/.exec(source)?.[1];
  if (attribute === undefined || template === undefined)
    throw new Error('react-aria no longer writes its pressable style as this test expects');
  return template.replace(/\$\{[^}]*PRESSABLE_ATTRIBUTE\}/, attribute).trim();
}

describe('the window’s Content-Security-Policy', () => {
  it('allows no inline style but React Aria’s fixed pressable rule, by its hash', async () => {
    const text = await pressableStyleText();
    const hash = `sha256-${createHash('sha256').update(text).digest('base64')}`;
    expect(hash).toBe(REACT_ARIA_PRESSABLE_STYLE_HASH);
    const policy = contentSecurityPolicy({ images: [], connect: [] });
    expect(policy).toContain(`style-src 'self' '${hash}'`);
    expect(policy).not.toContain('unsafe-inline');
  });
});
