import { isBuiltin } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file inside an asar archive: the archive's path, and the entry's path within it. */
export type AsarLocation = { readonly archive: string; readonly entry: string };

/**
 * Where a file URL the packaged app computes (e.g. main's `new URL('./media-worker.js',
 * import.meta.url)`) points: inside an asar archive (its path and the entry's), or undefined for
 * a plain file (`app.asar.unpacked/…` is a plain folder). The worker threads are loaded from
 * such URLs as they are: Electron has read asar archives in worker threads since v17
 * (electron/electron#33216), so the worker bundles stay in the archive beside the packages they
 * import; only native binaries must be unpacked (see electron-builder.yml's asarUnpack).
 */
export function asarLocation(url: URL): AsarLocation | undefined {
  const path = fileURLToPath(url);
  const parts = path.split(sep);
  const at = parts.findIndex((part) => part.endsWith('.asar'));
  if (at === -1) return undefined;
  return {
    archive: parts.slice(0, at + 1).join(sep),
    entry: parts.slice(at + 1).join('/'),
  };
}

/**
 * The packages an ES module bundle imports by bare name (`import … from "heic-decode"`,
 * `import("sharp")`), as package names (`@scope/name` or `name`), without Node's built-ins.
 */
export function bareImports(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/\bfrom\s*["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
    ...source.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
  ].map((match) => match[1] ?? '');
  const names = specifiers
    .filter((specifier) => /^[@a-z0-9]/i.test(specifier) && !/^[a-z]+:/i.test(specifier))
    .filter((specifier) => !isBuiltin(specifier))
    .map((specifier) => {
      const [first = '', second = ''] = specifier.split('/');
      return first.startsWith('@') ? `${first}/${second}` : first;
    });
  return [...new Set(names)].sort();
}
