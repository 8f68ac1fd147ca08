import { configure } from '@testing-library/dom';

// `findBy…` and `waitFor` wait for a state; their 1 s default was a wait on time in disguise
// (a component test found no project button in 1 s while the other core was busy). As long as
// `expect.poll`'s in vitest.config.ts.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no `CSS.escape`, which React Aria's popovers call when they open (reading a <meta>
// tag); the browser's is the standard one. Only for names of letters, digits, `-` and `_` here.
const scope = globalThis as { window?: unknown; CSS?: Record<string, unknown> };
if (scope.window !== undefined && typeof scope.CSS?.['escape'] !== 'function')
  scope.CSS = { ...scope.CSS, escape: (value: string) => value.replace(/[^\w-]/g, '\\$&') };
