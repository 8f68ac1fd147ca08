import { describe, expect, it } from 'vitest';
import { serviceChange } from '../../../renderer/features/first-run/service-details';
import {
  organisationHostKeys,
  photoHostChange,
} from '../../../renderer/features/first-run/photo-host-change';
import { accessGranted } from '../../../renderer/features/sign-in/access-words';
import { createTranslator, type Words } from '../../../shared/i18n/translator';
import { S3_HOST_FIXTURE, settingsViewFixture } from '../../support/settings-view-fixture';

const english = createTranslator('en');
const german = createTranslator('de');
const said = (words: Words, translator = english) => translator.t(words.key, words.values);

/** What the Connect step says when exactly the fields `filled` are typed. */
function missingWith(filled: Record<string, string>, translator = english): string {
  const checked = serviceChange(settingsViewFixture(), (name) => filled[name] ?? '');
  if (checked.ok) throw new Error('expected a problem');
  return said(checked.problem, translator);
}

describe('what the guide’s form checks say is missing', () => {
  it('names each combination of missing service details in one sentence', () => {
    const url = 'https://example.com/';
    expect(missingWith({})).toBe(
      'Enter the sign-in address, API address and client ID: nothing was saved yet.',
    );
    expect(missingWith({ authUrl: url })).toBe(
      'Enter the API address and client ID: nothing was saved yet.',
    );
    expect(missingWith({ baseUrl: url })).toBe(
      'Enter the sign-in address and client ID: nothing was saved yet.',
    );
    expect(missingWith({ clientId: 'x' })).toBe(
      'Enter the sign-in address and API address: nothing was saved yet.',
    );
    expect(missingWith({ authUrl: url, baseUrl: url })).toBe(
      'Enter the client ID: nothing was saved yet.',
    );
    expect(missingWith({ authUrl: url, clientId: 'x' })).toBe(
      'Enter the API address: nothing was saved yet.',
    );
    expect(missingWith({ baseUrl: url, clientId: 'x' })).toBe(
      'Enter the sign-in address: nothing was saved yet.',
    );
    expect(missingWith({ clientId: 'x' }, german)).toBe(
      'Geben Sie die Anmeldeadresse und die API-Adresse ein: Es wurde noch nichts gespeichert.',
    );
  });

  it('says what a photo host lacks', () => {
    const none = () => '';
    const published = photoHostChange('published', none, () => false);
    const s3 = photoHostChange('s3', none, () => false);
    const organisation = organisationHostKeys({ ...S3_HOST_FIXTURE, hasKeys: false }, none);
    expect(published.ok ? '' : said(published.problem)).toBe(
      'Enter the folder and its web address: nothing was saved yet.',
    );
    expect(s3.ok ? '' : said(s3.problem, german)).toBe(
      'Geben Sie die Region und den Bucket ein: Es wurde noch nichts gespeichert.',
    );
    expect(organisation.ok ? '' : said(organisation.problem, german)).toContain(
      'Zugriffsschlüssel-ID',
    );
  });
});

describe('what a sign-in allows, in words', () => {
  it('is uploading and editing, only reading, or the scope itself', () => {
    expect(said(accessGranted('openid photos:write'))).toBe('may upload and edit photos');
    expect(said(accessGranted('projects:read'))).toBe('may only read');
    expect(said(accessGranted('admin'))).toBe('access: admin');
    expect(said(accessGranted('read'), german)).toBe('darf nur lesen');
  });
});
