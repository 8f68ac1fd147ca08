import { configure } from '@testing-library/dom';

// `findBy…` and `waitFor` wait for a state; their 1 s default was a wait on time in disguise
// (a component test found no project button in 1 s while the other core was busy). As long as
// `expect.poll`'s in vitest.config.ts.
configure({ asyncUtilTimeout: 15_000 });
