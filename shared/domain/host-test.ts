import type { Translate, Words } from '../i18n/translator';

/** The steps of the photo host test, in order: the one that failed is named to the user. */
export type HostTestStep = 'put' | 'url' | 'fetch' | 'compare' | 'cleanup';

/**
 * What the photo host test found, in words (issue 24 §2): `words` is the outcome, `reason` (for
 * a failed step) why it failed; `message` is their English, for the command line and the logs.
 */
export type HostTestResult =
  | { readonly ok: true; readonly message: string; readonly words: Words }
  | {
      readonly ok: false;
      /** The step that failed; absent when there was no photo host to test. */
      readonly step?: HostTestStep;
      readonly message: string;
      readonly words: Words;
      readonly reason?: Words;
    };

/**
 * The test's outcome in the words of `t`: the failed step's sentence takes its reason, said in
 * the same language, as its `reason` argument.
 */
export function sayHostTest(
  result: { readonly words: Words; readonly reason?: Words | undefined },
  t: Translate,
): string {
  const { words, reason } = result;
  return reason === undefined
    ? t(words.key, words.values)
    : t(words.key, { ...words.values, reason: t(reason.key, reason.values) });
}
