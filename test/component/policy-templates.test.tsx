// @vitest-environment jsdom
// Here rather than beside the other tooling tests for the browser's XML parser (DOMParser, as
// jsdom gives it to component tests) and its DOM types.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admlTemplate, admxTemplate, POLICY_TEMPLATE_DIR } from '../../build/policy-templates';
import { POLICY_REGISTRY_KEY } from '../../main/settings/policy-source';
import { POLICY_SETTINGS } from '../../main/settings/policy-settings';

const ADMX = join(POLICY_TEMPLATE_DIR, 'PhotoUploader.admx');
const ADML = join(POLICY_TEMPLATE_DIR, 'en-US', 'PhotoUploader.adml');

/** The XML document of `text`; fails the test on any XML error. */
function parsed(text: string): Document {
  const document = new DOMParser().parseFromString(text, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

/** The first child of `node` named `name` (plain traversal: selectors are unreliable in XML). */
const child = (node: Element | undefined, name: string): Element | undefined =>
  node === undefined ? undefined : [...node.children].find((each) => each.localName === name);

/** The element that carries a policy's value, if it has one (not a boolean). */
const valueElement = (policy: Element): Element | undefined =>
  child(policy, 'elements')?.children[0];

/** The registry value type Group Policy writes for a policy's element. */
function valueType(policy: Element): string | undefined {
  const element = valueElement(policy);
  if (element === undefined)
    return child(child(policy, 'enabledValue'), 'decimal')?.getAttribute('value') === '1' &&
      child(child(policy, 'disabledValue'), 'decimal')?.getAttribute('value') === '0'
      ? 'REG_DWORD 0/1'
      : undefined;
  if (element.tagName === 'longDecimal') return 'REG_QWORD';
  if (element.tagName === 'text' || element.tagName === 'enum') return 'REG_SZ';
  return undefined;
}

describe('the Group Policy template (build/policies)', () => {
  it('is committed as build/policy-templates.ts makes it from the allowed settings', async () => {
    expect(await readFile(ADMX, 'utf8')).toBe(admxTemplate());
    expect(await readFile(ADML, 'utf8')).toBe(admlTemplate());
  });

  it('has one policy per allowed setting, under the key and value name the app reads, of its type', async () => {
    const admx = parsed(await readFile(ADMX, 'utf8'));
    const policies = [...admx.getElementsByTagName('policy')];
    const expected = Object.entries(POLICY_SETTINGS).map(([name, kind]) => ({
      name,
      key: POLICY_REGISTRY_KEY,
      valueName: name,
      type: { string: 'REG_SZ', json: 'REG_SZ', number: 'REG_QWORD', boolean: 'REG_DWORD 0/1' }[
        kind
      ],
      category: 'PhotoUploader',
    }));
    expect(
      policies.map((policy) => ({
        name: policy.getAttribute('name'),
        key: policy.getAttribute('key'),
        valueName:
          policy.getAttribute('valueName') ?? valueElement(policy)?.getAttribute('valueName'),
        type: valueType(policy),
        category: child(policy, 'parentCategory')?.getAttribute('ref'),
      })),
    ).toEqual(expected);
    expect(POLICY_REGISTRY_KEY).toBe('Software\\Policies\\PhotoUploader');
  });

  it('names its category "Photo Uploader" and has the words and boxes for every policy', async () => {
    const admx = parsed(await readFile(ADMX, 'utf8'));
    const adml = parsed(await readFile(ADML, 'utf8'));
    const strings = new Map(
      [...adml.getElementsByTagName('string')].map((node) => [
        node.getAttribute('id'),
        node.textContent,
      ]),
    );
    const presentations = new Set(
      [...adml.getElementsByTagName('presentation')].map((node) => node.getAttribute('id')),
    );
    expect(strings.get('Category_PhotoUploader')).toBe('Photo Uploader');
    const references = admx.documentElement.outerHTML.matchAll(
      /\$\((string|presentation)\.([^)]+)\)/g,
    );
    for (const [, table, id] of references)
      if (table === 'string') expect(strings.get(id ?? ''), id).toBeTruthy();
      else expect(presentations.has(id ?? ''), id).toBe(true);
  });

  it('says in each number policy’s help that the value is a REG_QWORD, and what a wrong type does', async () => {
    const adml = parsed(await readFile(ADML, 'utf8'));
    const help = (name: string): string =>
      [...adml.getElementsByTagName('string')].find(
        (node) => node.getAttribute('id') === `${name}_Explain`,
      )?.textContent ?? '';
    for (const [name, kind] of Object.entries(POLICY_SETTINGS)) {
      if (kind === 'number')
        expect(help(name), name).toMatch(/REG_QWORD.*a REG_DWORD is not a number here/s);
      expect(help(name), name).toMatch(/of another type, none of the policy is used/);
    }
  });
});
