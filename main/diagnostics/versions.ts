import { readFileSync } from 'node:fs';
import { arch, platform, release } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** What a diagnostics archive says about the app and the computer it runs on. */
export type DiagnosticsVersions = {
  readonly app: string;
  readonly electron: string | undefined;
  readonly chrome: string | undefined;
  readonly node: string;
  readonly os: { readonly platform: string; readonly release: string; readonly arch: string };
};

const manifestSchema = z.object({ name: z.string(), version: z.string() });

/**
 * The app's version from its package.json: the nearest one above `from` whose name is the
 * app's. That is the repository's when run from source, the packaged app's own in a build.
 */
export function appVersion(from: string = import.meta.dirname): string {
  let dir = from;
  for (;;) {
    try {
      const parsed = manifestSchema.safeParse(
        JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')),
      );
      if (parsed.success && parsed.data.name === 'photo-uploader') return parsed.data.version;
    } catch {
      // No readable package.json here: look one folder up.
    }
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/** The versions of this process: app, Electron and Chrome (in the app), Node, and the OS. */
export function currentVersions(app: string = appVersion()): DiagnosticsVersions {
  return {
    app,
    electron: process.versions['electron'],
    chrome: process.versions['chrome'],
    node: process.versions.node,
    os: { platform: platform(), release: release(), arch: arch() },
  };
}
