import { getConfig } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';

describe('Testing Library in this project', () => {
  it('waits for a state as long as expect.poll does (15 s), not its 1 s default', () => {
    expect(getConfig().asyncUtilTimeout).toBe(15_000);
  });
});
