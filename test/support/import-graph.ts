import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

// The import graph of the project's own TypeScript, read with the compiler's own pre-processor
// and resolver (so `import type`, `export … from` and `import()` all count, and a specifier
// resolves as `tsc` resolves it). Neither dependency-cruiser 18 (Node 22 or later) nor madge 8
// (TypeScript 5 only) runs on this project's Node 20 and TypeScript 6.

/** Each file (relative to the root, with `/`) and the project files it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const SOURCE = /\.tsx?$/;

/** The TypeScript files under `folder`, skipping `node_modules` and declaration files. */
function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') found.push(...sourceFiles(path));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/**
 * The graph of the files under `folders` (relative to `root`): an edge for every import,
 * re-export and dynamic import of another file under those folders, type-only ones included.
 */
export function importGraph(root: string, folders: readonly string[]): ImportGraph {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    resolveJsonModule: true,
  };
  const name = (path: string) => relative(root, path).split(sep).join('/');
  const files = folders.flatMap((folder) => sourceFiles(join(root, folder)));
  const inside = new Set(files.map(name));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      // A relative import left unresolved would hide its edge, and any cycle through it.
      if (resolved === undefined && fileName.startsWith('.'))
        throw new Error(`${name(file)}: cannot resolve the import of ${fileName}`);
      if (resolved === undefined || resolved.isExternalLibraryImport === true) continue;
      const target = name(resolved.resolvedFileName);
      if (inside.has(target)) targets.add(target);
    }
    graph.set(name(file), [...targets].sort());
  }
  return graph;
}

/**
 * Every import cycle of `graph`, one per strongly connected component (Tarjan): the files of the
 * component, and one closed path through it (`a → b → a`) to show where to cut.
 */
export function importCycles(
  graph: ImportGraph,
): { files: readonly string[]; path: readonly string[] }[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = (graph.get(file) ?? []).includes(file);
    if (component.length > 1 || selfImport) components.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components.map((files) => ({ files, path: closedPath(graph, files) }));
}

/** A shortest path from the component's first file back to itself, inside the component. */
function closedPath(graph: ImportGraph, files: readonly string[]): string[] {
  const members = new Set(files);
  const start = files[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at += 1) {
    const file = queue[at] ?? '';
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [file];
        for (let back = cameFrom.get(file); back !== undefined; back = cameFrom.get(back))
          path.unshift(back);
        return [...path, start];
      }
      if (!cameFrom.has(target) && target !== start) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start];
}
