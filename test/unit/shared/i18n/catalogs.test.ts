import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogFor, writtenCatalogs } from '../../../../shared/i18n/catalogs';
import { APP_LOCALES, PSEUDO_LOCALE } from '../../../../shared/i18n/locales';

const LOCALES_DIR = join(import.meta.dirname, '../../../../shared/i18n/locales');

/**
 * What a message expects from its caller: each argument with how it is used (`name:plural`,
 * `name:select`, `name:number`, `name:date`, `name:tag`, `name:text`), sorted.
 */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const visit = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          found.add(`${element.value}:text`);
          break;
        case TYPE.number:
          found.add(`${element.value}:number`);
          break;
        case TYPE.date:
        case TYPE.time:
          found.add(`${element.value}:date`);
          break;
        case TYPE.plural:
        case TYPE.select:
          found.add(`${element.value}:${element.type === TYPE.plural ? 'plural' : 'select'}`);
          for (const option of Object.values(element.options)) visit(option.value);
          break;
        case TYPE.tag:
          found.add(`${element.value}:tag`);
          visit(element.children);
          break;
        case TYPE.literal:
        case TYPE.pound:
          break;
      }
    }
  };
  visit(parse(message));
  return [...found].sort();
}

/** The options a select offers, per argument (a translation must offer the same ones). */
function selectOptionsOf(message: string): Record<string, string[]> {
  const options: Record<string, string[]> = {};
  const visit = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.select) {
        options[element.value] = Object.keys(element.options).sort();
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (element.type === TYPE.plural) {
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (element.type === TYPE.tag) visit(element.children);
    }
  };
  visit(parse(message));
  return options;
}

const catalogs = writtenCatalogs();
const english = catalogs.en;
const translations = APP_LOCALES.filter((locale) => locale !== 'en');

describe('the message catalogs', () => {
  it.each(translations)('%s has every English key and no other', (locale) => {
    const keys = Object.keys(catalogs[locale]).sort();
    expect(keys.filter((key) => !Object.hasOwn(english, key))).toEqual([]);
    expect(Object.keys(english).filter((key) => !Object.hasOwn(catalogs[locale], key))).toEqual([]);
  });

  it.each(APP_LOCALES)(
    '%s.json lists its keys in order, so that two changes rarely touch the same lines',
    async (locale) => {
      const text = await readFile(join(LOCALES_DIR, `${locale}.json`), 'utf8');
      const keys = Object.keys(JSON.parse(text) as Record<string, unknown>);
      expect(keys).toEqual([...keys].sort());
    },
  );

  it.each(APP_LOCALES)(
    'every %s message parses as ICU MessageFormat and is not empty',
    (locale) => {
      const unparsable: string[] = [];
      for (const [key, message] of Object.entries(catalogs[locale])) {
        try {
          parse(message);
          if (message.trim() === '') unparsable.push(`${key}: empty`);
        } catch (error) {
          unparsable.push(`${key}: ${String(error)}`);
        }
      }
      expect(unparsable).toEqual([]);
    },
  );

  it.each(translations)('every %s message takes the same arguments as English', (locale) => {
    const different: string[] = [];
    for (const [key, message] of Object.entries(catalogs[locale])) {
      const source = english[key];
      if (source === undefined) continue;
      const expected = argumentsOf(source).join(', ');
      const got = argumentsOf(message).join(', ');
      if (got !== expected) different.push(`${key}: ${got} (English: ${expected})`);
      const expectedSelects = JSON.stringify(selectOptionsOf(source));
      const gotSelects = JSON.stringify(selectOptionsOf(message));
      if (gotSelects !== expectedSelects)
        different.push(`${key}: select options ${gotSelects} (English: ${expectedSelects})`);
    }
    expect(different).toEqual([]);
  });

  it.each(translations)(
    'no %s message is left in English (the product name and codes aside)',
    (locale) => {
      // A message equal to English is allowed only where English is the word in that language
      // too: names, and the few terms the glossary keeps.
      const sameAsEnglish = Object.entries(catalogs[locale])
        .filter(([key, message]) => english[key] === message)
        .map(([key]) => key)
        .filter((key) => !SAME_IN_EVERY_LANGUAGE.has(key));
      expect(sameAsEnglish).toEqual([]);
    },
  );

  it('makes the pseudo-locale from English: every message still parses with the same arguments, and is longer', () => {
    const pseudo: Readonly<Record<string, string>> = catalogFor(PSEUDO_LOCALE);
    for (const [key, message] of Object.entries(english)) {
      const made = pseudo[key] ?? '';
      expect(argumentsOf(made), key).toEqual(argumentsOf(message));
      // A message that is only its argument has no words of its own to lengthen.
      if (SAME_IN_EVERY_LANGUAGE.has(key) && /^\{\w+\}$/.test(message)) continue;
      // Without spaces: the ICU printer writes `{n, plural, one {…}}` without the source's spaces.
      const letters = (text: string) => text.replace(/\s/g, '').length;
      expect(letters(made), key).toBeGreaterThan(letters(message));
    }
  });
});

/**
 * Keys whose message reads the same in every language: the product's name (alone, or before the
 * tray's state), and words the glossary keeps as they are.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'app.productName',
  'tray.tooltip',
  // An S3 bucket's region: German says "Region" too.
  'firstRun.photos.field.s3Region',
  // A capture time and its zone's name, and a position: data in a notation, no words.
  'intake.captureTime.inZone',
  'intake.badge.gps',
  // The service's name, alone or with its host.
  'settings.account.session.heading',
  'settings.account.session.headingWithHost',
  // S3's own terms, kept in Spanish and German.
  'settings.storage.s3.bucket',
  'settings.storage.s3.region',
  // A reason kept in English before reasons were kept as words: shown as it was written.
  'reason.legacy',
]);
