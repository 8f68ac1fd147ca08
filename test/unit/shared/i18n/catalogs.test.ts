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

/** Every plural (and selectordinal) of a message: its argument, its kind and its branches. */
function pluralsOf(
  message: string,
): { readonly name: string; readonly ordinal: boolean; readonly branches: string[] }[] {
  const found: { name: string; ordinal: boolean; branches: string[] }[] = [];
  const visit = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.plural) {
        found.push({
          name: element.value,
          ordinal: element.pluralType === 'ordinal',
          branches: Object.keys(element.options),
        });
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (element.type === TYPE.select) {
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (element.type === TYPE.tag) visit(element.children);
    }
  };
  // Parsed without the parser's own `other` check, so a missing one is said by name.
  visit(parse(message, { requiresOtherClause: false }));
  return found;
}

/** The arguments a message prints bare (`{count}`), not as a number, a date or a plural. */
function bareArgumentsOf(message: string): Set<string> {
  return new Set(
    argumentsOf(message)
      .filter((argument) => argument.endsWith(':text'))
      .map((argument) => argument.slice(0, -':text'.length)),
  );
}

/**
 * What is wrong with `message`'s plurals in `locale`, against English's `source`: a plural without
 * `other`, an English `=N` branch left out, a category the language has not (German has no `few`).
 */
function pluralProblems(locale: string, message: string, source: string): string[] {
  const problems: string[] = [];
  const englishExact = new Map<string, Set<string>>();
  for (const plural of pluralsOf(source))
    for (const branch of plural.branches)
      if (branch.startsWith('='))
        englishExact.set(plural.name, (englishExact.get(plural.name) ?? new Set()).add(branch));
  const plurals = pluralsOf(message);
  for (const plural of plurals) {
    const categories: readonly string[] = new Intl.PluralRules(locale, {
      type: plural.ordinal ? 'ordinal' : 'cardinal',
    }).resolvedOptions().pluralCategories;
    if (!plural.branches.includes('other')) problems.push(`${plural.name}: no other`);
    for (const branch of plural.branches)
      if (!branch.startsWith('=') && !categories.includes(branch))
        problems.push(`${plural.name}: ${branch} is no category of ${locale}`);
  }
  for (const [name, exact] of englishExact)
    for (const branch of exact)
      if (!plurals.some((plural) => plural.name === name && plural.branches.includes(branch)))
        problems.push(`${name}: English’s ${branch} left out`);
  return problems;
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

  it.each(APP_LOCALES)(
    'every %s plural has other, keeps English’s =N branches and only its language’s categories',
    (locale) => {
      const problems: string[] = [];
      for (const [key, message] of Object.entries(catalogs[locale])) {
        const source = english[key];
        if (source === undefined) continue;
        for (const problem of pluralProblems(locale, message, source))
          problems.push(`${key}: ${problem}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(APP_LOCALES)(
    'every %s message prints a count (a plural’s, or `count`) with # or as a number, never bare',
    (locale) => {
      // `{count}` prints 1234 where the language writes 1,234 or 1.234.
      const bare: string[] = [];
      for (const [key, message] of Object.entries(catalogs[locale])) {
        const printed = bareArgumentsOf(message);
        for (const { name } of pluralsOf(message))
          if (printed.has(name)) bare.push(`${key}: {${name}}`);
        // `count` is the catalogs' name for a number of things, plural or not.
        if (printed.has('count')) bare.push(`${key}: {count}`);
      }
      expect([...new Set(bare)]).toEqual([]);
    },
  );

  it('the plural checks catch what they are for', () => {
    const source = '{count, plural, =0 {none} one {# photo} other {# photos}}';
    expect(pluralProblems('de', '{count, plural, one {# Foto} few {# Fotos}}', source)).toEqual([
      'count: no other',
      'count: few is no category of de',
      'count: English’s =0 left out',
    ]);
    expect(
      pluralProblems('fr', '{count, plural, =0 {aucune} one {# photo} other {# photos}}', source),
    ).toEqual([]);
    expect(bareArgumentsOf('{count} {count, plural, one {photo} other {photos}}')).toEqual(
      new Set(['count']),
    );
    expect(bareArgumentsOf('{count, number} {count, plural, one {photo} other {photos}}')).toEqual(
      new Set(),
    );
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
      // A message that is only its argument (`reason.legacy`) has no words of its own to stretch.
      if (/^\{\w+\}$/.test(message)) continue;
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
  // A queue reason written before reasons were words: its text, shown as it was stored.
  'reason.legacy',
  'tray.tooltip',
  // About's first line: the product's name and its version number.
  'updates.about.title',
  // An S3 bucket's region: German says "Region" too.
  'firstRun.photos.field.s3Region',
  // A capture time and its zone's name, and a position: data in a notation, no words.
  'intake.captureTime.inZone',
  'intake.badge.gps',
  // The service's name, alone or with its host.
  'settings.account.session.heading',
  'settings.account.session.headingWithHost',
  // The toasts' region: French says "Notifications" too.
  'toast.region',
  // S3's own terms, kept in Spanish and German.
  'settings.storage.s3.bucket',
  'settings.storage.s3.region',
  // A reason kept in English before reasons were kept as words: shown as it was written.
  'reason.legacy',
]);
