import { z } from 'zod';
import { writtenCatalogs, type MessageKey } from './catalogs';
import {
  createTranslator,
  type InnerWords,
  type PlainMessageValue,
  type Translator,
  type Words,
} from './translator';

/**
 * Issue 24 §2: main's reasons and errors cross the boundary as {@link Words} (a catalog key and
 * its values), never as English sentences. The window words them in its language; the command
 * line and the logs in English, with {@link englishFor}. The queue keeps them the same way, so a
 * reason written yesterday reads in today's language.
 */

const englishKeys: ReadonlySet<string> = new Set(Object.keys(writtenCatalogs().en));

/** Whether `key` is a message of the catalogs (every locale has English's keys). */
export function isMessageKey(key: string): key is MessageKey {
  return englishKeys.has(key);
}

/**
 * The most characters a text value of words from an untrusted side keeps. The longest values
 * main writes are file paths (macOS allows 1,024 characters, Linux 4,096) and the service's or a
 * library's own details: a longer one is shortened in its middle, so a path keeps its start and
 * its file name, and a sentence still reads in the window's width.
 */
export const MAX_VALUE_CHARS = 500;

/** The most values words from an untrusted side carry (the catalogs' richest message has seven). */
export const MAX_VALUES = 8;

/** The most items a list value holds (the settings a change names are about twenty). */
export const MAX_LIST_ITEMS = 40;

/** `text` with at most {@link MAX_VALUE_CHARS} characters: its start, "…" and its end. */
export function shortened(text: string): string {
  if (text.length <= MAX_VALUE_CHARS) return text;
  const kept = MAX_VALUE_CHARS - 1;
  const head = Math.ceil(kept / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (kept - head))}`;
}

/**
 * A value a message takes across the bridge or in the queue: text (shortened, not refused: a
 * stored reason must still read) or a finite number. Text of megabytes is refused before it is
 * copied.
 */
const wordTextSchema = z.string().max(100_000).transform(shortened);
const plainValueSchema = z.union([
  wordTextSchema,
  z.number().finite(),
  // A list (of setting names, say), written as the window's language writes a list.
  z.array(wordTextSchema).max(MAX_LIST_ITEMS),
]);
const messageKeySchema = z
  .string()
  .max(200)
  .refine(isMessageKey, { message: 'not a message of the catalogs' });
const valuesOf = <T extends z.ZodType>(value: T) =>
  z
    .record(z.string().max(100), value)
    .refine((values) => Object.keys(values).length <= MAX_VALUES, {
      message: `more than ${MAX_VALUES} values`,
    });
const wordValueSchema = z.union([
  plainValueSchema,
  // A message inside the message (see `InnerWords`): one level, plain values only.
  z.object({ key: messageKeySchema, values: valuesOf(plainValueSchema).optional() }).strict(),
]);

/**
 * {@link Words} as they travel in JSON (the bridge, `queue.db`, the bridge host): the key must be
 * one of the catalogs', the values (at most {@link MAX_VALUES}) plain text or numbers, each text
 * shortened to {@link MAX_VALUE_CHARS}. Use it wherever words come from a side that is not
 * trusted to name them (the window, a file on disk).
 */
export const wordsSchema = z
  .object({
    key: messageKeySchema,
    values: valuesOf(wordValueSchema).optional(),
  })
  .strict()
  .transform((words) => words as Words);

let english: Translator | undefined;

/** The English of `words`: what the command line prints and the logs keep. */
export function englishFor(words: Words): string {
  english ??= createTranslator('en');
  return english.t(words.key, words.values);
}

/** Words for `key` with `values` (a short way to write them where main gives a reason). */
export function words(key: MessageKey, values?: Words['values']): Words {
  return values === undefined ? { key } : { key, values };
}

/** Words for `key` with plain `values`, to be said inside another message (see `InnerWords`). */
export function innerWords(
  key: MessageKey,
  values?: Readonly<Record<string, PlainMessageValue>>,
): InnerWords {
  return values === undefined ? { key } : { key, values };
}
