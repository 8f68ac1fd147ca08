import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writtenCatalogs } from '../../../../shared/i18n/catalogs';

// Issue 24 §2: the terms that must stay consistent are in shared/i18n/glossary.md, in every
// language, and the catalogs use them: a word means one thing everywhere.

const GLOSSARY = readFileSync(
  join(import.meta.dirname, '../../../../shared/i18n/glossary.md'),
  'utf8',
);

/** The glossary's rows: English first, then es, fr, de (the table's columns). */
const rows = GLOSSARY.split('\n')
  .filter((line) => line.startsWith('|') && !line.startsWith('| ---'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

/** The terms the glossary must give in every language (English as its first column starts). */
const REQUIRED = [
  'Photo Service',
  'project',
  'batch',
  'item',
  'queue',
  'ID',
  'endpoint',
  'photo host',
  'capture time',
  'watched folder',
];

/**
 * Words the catalogs must not use, each with the glossary's term instead: variants that crept in
 * once (es "Id. de cliente", "la cola" for "la cola de subida"; fr "la file" for "la file
 * d’envoi").
 */
const VARIANTS: Readonly<Record<'es' | 'fr' | 'de', readonly RegExp[]>> = {
  es: [/\bId\./u, /\bid de\b/u, /\bcola\b(?! de subida)/u, /servicio de fotos/iu, /endpoint/iu],
  fr: [/\bId\b/u, /\bfile\b(?! d’envoi)/u, /file d['’]attente/u, /hébergeur/iu, /endpoint/iu],
  de: [/\bId\b/u, /Endpoint/u, /Foto-?[Hh]ost/u, /Fotodienst/u],
};

describe('the glossary', () => {
  it.each(REQUIRED)('gives “%s” in English, Spanish, French and German', (term) => {
    const row = rows.find(([english]) => english?.split(' (')[0] === term);
    expect(row, term).toBeDefined();
    expect(row?.slice(0, 4).every((cell) => cell !== '')).toBe(true);
  });

  it.each(['es', 'fr', 'de'] as const)(
    'is what the %s catalog says: no variant of its terms',
    (locale) => {
      const catalog = writtenCatalogs()[locale];
      const found: string[] = [];
      for (const [key, message] of Object.entries(catalog)) {
        // Arguments (`{endpoint}`, `{file}`) and a select's options (`select, file {…} other
        // {…}`) are names for code, not words.
        const words = message
          .replace(/\{[A-Za-z]+\}/gu, '')
          .replace(/\{[A-Za-z]+,\s*[a-z]+,/gu, '{')
          .replace(/([{},]\s*)[A-Za-z=0-9]+\s*\{/gu, '$1{');
        for (const variant of VARIANTS[locale])
          if (variant.test(words)) found.push(`${key}: ${String(variant)}`);
      }
      expect(found).toEqual([]);
    },
  );
});
