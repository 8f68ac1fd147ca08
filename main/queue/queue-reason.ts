import type Database from 'libsql';
import { z } from 'zod';
import { type MessageKey, writtenCatalogs } from '../../shared/i18n/catalogs';
import type { MessageValues, Words } from '../../shared/i18n/translator';
import {
  englishFor,
  isMessageKey,
  MAX_LIST_ITEMS,
  shortened,
  words,
  wordsSchema,
} from '../../shared/i18n/words';

// Issue 24 §2: a queue item's reason is kept as words (a catalog key and its values, JSON in
// `queue.db`), so a reason written yesterday reads in today's language. Reasons written before
// were English sentences: the migration, and the few refusals still handed over as English (the
// file checks of `main/media`), are turned into words here; a sentence this code does not know
// is kept as it is (`reason.legacy`), and words this version cannot read say so (`reason.unknown`).

/**
 * `reason` with each text value shortened and each list cut as `wordsSchema` reads them (the
 * number of values is this code's own, at most a few), so that words kept in `queue.db` always
 * read back as they were written (a service's refusal can carry details of any length).
 */
function bounded(reason: Words): Words {
  return reason.values === undefined
    ? reason
    : { key: reason.key, values: boundedValues(reason.values) };
}

/** Each value of `values` as `wordsSchema` reads it back (an inner message's values too). */
function boundedValues<V extends MessageValues[string]>(
  values: Readonly<Record<string, V>>,
): Record<string, V> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value === 'string') return [name, shortened(value)];
      if (Array.isArray(value))
        return [name, value.slice(0, MAX_LIST_ITEMS).map((item: string) => shortened(item))];
      if (typeof value === 'object' && !(value instanceof Date) && 'key' in value)
        return [
          name,
          value.values === undefined
            ? value
            : { key: value.key, values: boundedValues(value.values) },
        ];
      return [name, value];
    }),
  ) as Record<string, V>;
}

/** `text` as it is: a reason this code cannot name, shown in every language as it was written. */
export function legacyReason(text: string): Words {
  return bounded(words('reason.legacy', { text }));
}

/** An error that says in words why it happened (its `message` stays English, for the logs). */
export type WordedError = Error & { readonly words: Words };

/** Whether `error` carries its reason in words. */
export function isWordedError(error: unknown): error is WordedError {
  return (
    error instanceof Error &&
    'words' in error &&
    wordsSchema.safeParse((error as { words: unknown }).words).success
  );
}

/** The words of `error` when it has them, else its message kept as it is. */
export function reasonOfError(error: unknown): Words {
  if (isWordedError(error)) return error.words;
  return reasonFromEnglish(error instanceof Error ? error.message : String(error));
}

/**
 * The reasons without values, by their English: the sentences this code wrote before reasons
 * were words are those messages' English (read from the catalog, so the two cannot drift apart).
 */
let plainReasons: ReadonlyMap<string, MessageKey> | undefined;

function plainReasonKeys(): ReadonlyMap<string, MessageKey> {
  plainReasons ??= new Map(
    Object.entries(writtenCatalogs().en)
      .filter(([key, english]) => key.startsWith('reason.') && !english.includes('{'))
      .map(([key]) => key)
      .filter(isMessageKey)
      .map((key) => [englishFor(words(key)), key] as const),
  );
  return plainReasons;
}

/** Sentences with a value in them, as this code wrote them, and the words each becomes. */
const PATTERNS: readonly (readonly [RegExp, (match: RegExpExecArray) => Words | undefined])[] = [
  [
    /^Already on the service as photo (.+): not uploaded again\.$/s,
    (match) => words('reason.queue.alreadyOnService', { photoId: match[1] ?? '' }),
  ],
  [
    /^The Photo Service refused it \((\d{3})\): (.+)$/s,
    (match) =>
      words('reason.service.refusedWithDetails', {
        status: Number(match[1]),
        details: match[2] ?? '',
      }),
  ],
  [
    /^The Photo Service refused it \((\d{3})\)$/,
    (match) => words('reason.service.refused', { status: Number(match[1]) }),
  ],
  [
    /^The (HEIC|TIFF) photo could not be converted to JPEG for its upload$/,
    (match) => words('reason.staging.conversionFailed', { format: match[1] ?? '' }),
  ],
  [
    /^The (HEIC|TIFF) photo could not be converted to JPEG for its upload: (.*)$/s,
    (match) =>
      words('reason.staging.conversionFailedBecause', {
        format: match[1] ?? '',
        detail: match[2] ?? '',
      }),
  ],
  [
    /^The photo store gave no tag for part (\d+)$/,
    (match) => words('reason.staging.noPartTag', { part: match[1] ?? '' }),
  ],
  [
    /^The photo store refused the upload \((.+)\)$/s,
    (match) => words('reason.staging.uploadRefused', { name: match[1] ?? '' }),
  ],
  [/^The certificate of (\S+) is not trusted \(/, (match) => certificateWords(match)],
];

/** The problems a certificate reason names, as its message's select knows them. */
const CERTIFICATE_PROBLEMS = [
  'unableToVerify',
  'unknownIssuer',
  'selfSignedInChain',
  'selfSigned',
  'expired',
  'notYetValid',
  'signatureFailure',
  'wrongHost',
  'untrusted',
] as const;

/** An untrusted certificate's sentence back to words: the one problem whose English it is. */
function certificateWords(match: RegExpExecArray): Words | undefined {
  const origin = match[1] ?? '';
  return CERTIFICATE_PROBLEMS.map((problem) =>
    words('reason.network.certificateUntrusted', { origin, problem }),
  ).find((candidate) => englishFor(candidate) === match.input);
}

/**
 * A reason written in English (by this code before reasons were words, or by a part that still
 * hands over English) as words: the message whose English it is, with its values; anything else
 * kept as it is (`reason.legacy`).
 */
export function reasonFromEnglish(text: string): Words {
  const plain = plainReasonKeys().get(text);
  if (plain !== undefined) return words(plain);
  for (const [pattern, toWords] of PATTERNS) {
    const match = pattern.exec(text);
    const found = match === null ? undefined : toWords(match);
    if (found !== undefined) return bounded(found);
  }
  // Skip reasons were written "Skipped: the file is empty" before the window's mark said it.
  if (text.startsWith(SKIPPED)) {
    const rest = text.slice(SKIPPED.length);
    for (const sentence of [rest.charAt(0).toUpperCase() + rest.slice(1), rest]) {
      const found = reasonFromEnglish(sentence);
      if (found.key !== 'reason.legacy') return found;
    }
  }
  return legacyReason(text);
}

/** A reason handed over as words or (by a part that still writes English) as a sentence. */
export function asReasonWords(reason: Words | string): Words {
  return typeof reason === 'string' ? reasonFromEnglish(reason) : reason;
}

/** How skip reasons began when they were English sentences (see `reasonFromEnglish`). */
const SKIPPED = 'Skipped: ';

/** What a reason reads as when its stored words are not this version's (see `storedReason`). */
export const UNKNOWN_REASON: Words = words('reason.unknown');

/**
 * A reason as `queue.db` holds it (the database is a file: anything may be there), never an error:
 * JSON words of the catalogs as they are; JSON this version cannot read (a key a newer version
 * added, values that are not text or numbers, a cut-off text) as `reason.unknown`, never the raw
 * JSON; any other text as the English sentence it is (see `reasonFromEnglish`: rows written before
 * reasons were words).
 */
export function storedReason(text: string): Words {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // No sentence this code wrote starts with a brace: a brace is JSON cut off or damaged.
    return text.trimStart().startsWith('{') ? UNKNOWN_REASON : reasonFromEnglish(text);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return reasonFromEnglish(text);
  const checked = wordsSchema.safeParse(parsed);
  return checked.success ? checked.data : UNKNOWN_REASON;
}

/** Words as `queue.db` keeps them (values cut to what `storedReason` reads back). */
export function reasonText(reason: Words): string {
  return JSON.stringify(bounded(reason));
}

/** The catalog key of a stored reason, for the report's `reason_code` column. */
export function reasonCode(reason: Words | null): string {
  return reason?.key ?? '';
}

/**
 * The migration that turns the English reasons of an older queue into words (see
 * `storedReason`): run once, inside the migration's transaction.
 */
export function reasonsAsWordsMigration(db: Pick<Database.Database, 'prepare'>): void {
  const rows = z
    .array(z.object({ id: z.number(), reason: z.unknown() }))
    .parse(db.prepare('SELECT id, reason FROM items WHERE reason IS NOT NULL').all());
  const update = db.prepare('UPDATE items SET reason = ? WHERE id = ?');
  for (const row of rows) {
    const text = typeof row.reason === 'string' ? row.reason : String(row.reason);
    update.run(reasonText(storedReason(text)), row.id);
  }
}
