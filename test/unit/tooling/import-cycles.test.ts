import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../support/import-graph';

const ROOT = join(import.meta.dirname, '../../..');

describe('import cycles', () => {
  it('finds each cycle once, with a closed path through it, and a file importing itself', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(graph)).toEqual([
      { files: ['a.ts', 'b.ts', 'c.ts'], path: ['a.ts', 'b.ts', 'c.ts', 'a.ts'] },
      { files: ['e.ts'], path: ['e.ts', 'e.ts'] },
    ]);
  });

  it('counts type-only imports and re-exports as edges', () => {
    const graph = importGraph(ROOT, ['main/core']);
    // app-core.ts re-exports PathChooser's module and imports its options' type only.
    expect(graph.get('main/core/app-core.ts')).toContain('main/core/app-core-options.ts');
  });

  // The handlers take a narrow port of the core (main/core/core-port.ts) rather than AppCore
  // itself, so the arrows run one way: handlers → port ← AppCore. A cycle, even of types only,
  // ties modules that must be read, tested and changed together.
  it('has none under main/ and shared/ (type-only imports included)', () => {
    const cycles = importCycles(importGraph(ROOT, ['main', 'shared']));
    const words = cycles.map(
      ({ files, path }) => `${files.length} files: ${files.join(', ')} (${path.join(' → ')})`,
    );
    expect(words).toEqual([]);
  });
});
