import { z } from 'zod';
import { writtenCatalogs, type MessageKey } from './catalogs';
import { createTranslator, type Translator, type Words } from './translator';

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

/** A value a message takes across the bridge or in the queue: text or a number, bounded. */
const wordValueSchema = z.union([z.string().max(2000), z.number().finite()]);

/**
 * {@link Words} as they travel in JSON (the bridge, `queue.db`, the bridge host): the key must be
 * one of the catalogs', the values plain text or numbers. Use it wherever words come from a side
 * that is not trusted to name them (the window, a file on disk).
 */
export const wordsSchema = z
  .object({
    key: z.string().max(200).refine(isMessageKey, { message: 'not a message of the catalogs' }),
    values: z.record(z.string().max(100), wordValueSchema).optional(),
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
