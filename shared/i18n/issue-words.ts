import type { z } from 'zod';
import type { InnerWords, Words } from './translator';
import { innerWords, wordsSchema } from './words';

// A zod issue said in any language: the words a check gave with it (`params.words`, as
// `secureAddressSchema` gives), else the kind of problem zod found. The IPC dispatcher (a call's
// bad input) and the policy reader (a bad value in the organisation's policy) say issues so.

/** The problems of a value told apart, by zod's issue code (the `problem` select's options). */
const PROBLEMS: Readonly<Partial<Record<z.core.$ZodIssue['code'], string>>> = {
  too_big: 'tooBig',
  too_small: 'tooSmall',
  invalid_type: 'missing',
  invalid_format: 'format',
  invalid_value: 'choice',
};

/** The kind of problem of `issue`, a `problem` select's option (`other` when not told apart). */
export function issueProblem(issue: z.core.$ZodIssue): string {
  return PROBLEMS[issue.code] ?? 'other';
}

/** The words the check that raised `issue` gave with it, checked as any words are; if any. */
export function issueGivenWords(issue: z.core.$ZodIssue): Words | undefined {
  const given = (issue as { readonly params?: { readonly words?: unknown } }).params?.words;
  if (given === undefined) return undefined;
  const checked = wordsSchema.safeParse(given);
  return checked.success ? checked.data : undefined;
}

/**
 * What is wrong with a value, as a message inside another ("…: {detail}"): the check's own words
 * when they are plain (no message inside), else `reason.policy.valueProblem` by its kind.
 */
export function issueDetail(issue: z.core.$ZodIssue): InnerWords {
  const given = issueGivenWords(issue);
  if (given !== undefined && Object.values(given.values ?? {}).every(isPlain))
    return given as InnerWords;
  return innerWords('reason.policy.valueProblem', { problem: issueProblem(issue) });
}

const isPlain = (value: NonNullable<Words['values']>[string]): boolean =>
  typeof value !== 'object' || Array.isArray(value) || value instanceof Date;
