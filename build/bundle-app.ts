import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The worker threads, beside main's bundle (`entryBeside` finds them there). They stay inside the
 * asar like main: Electron reads asar archives in worker threads since v17.
 */
export function workerBuild(outdir: string, outExtension = '.js'): BuildOptions {
  return {
    entryPoints: [
      join(ROOT, 'main/media/media-worker.ts'),
      join(ROOT, 'main/media/crawl-worker.ts'),
    ],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir,
    outExtension: { '.js': outExtension },
    logLevel: 'warning',
  };
}

/**
 * The renderer: one ESM bundle and its stylesheet, and the map's Web Worker beside it
 * (`map-worker.js`, a module worker the window starts from its own origin, so the policy's
 * `worker-src 'self'` admits it; electron-builder packs it with the rest of `dist/app`). `socketBridge` makes the end-to-end build,
 * which is a development build unless `production` (the benchmark measures what ships).
 */
export function rendererBuild(
  outdir: string,
  socketBridge: boolean,
  production = !socketBridge,
): BuildOptions {
  return {
    entryPoints: {
      main: join(ROOT, 'renderer/main.tsx'),
      'map-worker': join(ROOT, 'renderer/features/map/map-worker.ts'),
    },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'chrome130',
    jsx: 'automatic',
    // Leaflet's stylesheet names images for its default markers and layer switcher, which the
    // map panel does not use (its points are styled boxes): they are left out, not shipped.
    loader: { '.png': 'empty' },
    minify: production,
    sourcemap: !production,
    define: {
      __SOCKET_BRIDGE__: String(socketBridge),
      'process.env.NODE_ENV': production ? '"production"' : '"development"',
    },
    outdir,
    logLevel: 'warning',
  };
}

async function copyPage(outdir: string): Promise<void> {
  await copyFile(join(ROOT, 'renderer/index.html'), join(outdir, 'index.html'));
  await copyFile(join(ROOT, 'renderer/icon.svg'), join(outdir, 'icon.svg'));
}

/** Builds the renderer alone, for the end-to-end bridge host (`dist/e2e/renderer`). */
export async function bundleE2eRenderer(
  outdir = join(ROOT, 'dist/e2e/renderer'),
  production = false,
): Promise<string> {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await build(rendererBuild(outdir, true, production));
  await copyPage(outdir);
  return outdir;
}

/**
 * The tray icons (`@2x` for high-density screens, as Electron reads it): the app icon from the
 * generated set for Windows and Linux, the menu-bar templates for macOS (see `trayIconFile`).
 */
async function copyTrayIcon(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await copyFile(join(ROOT, 'build/icons/32x32.png'), join(dir, 'tray.png'));
  await copyFile(join(ROOT, 'build/icons/64x64.png'), join(dir, 'tray@2x.png'));
  for (const file of ['trayTemplate.png', 'trayTemplate@2x.png'])
    await copyFile(join(ROOT, 'build/tray', file), join(dir, file));
}

/**
 * Builds the desktop app into `dist/app`: main (ESM, its packages loaded from node_modules), the
 * worker threads beside it, the preload (CommonJS: sandboxed preloads cannot be modules) and the
 * renderer. Also bundles the local service for `node dist/service/cli.js`.
 */
export async function bundleApp(outRoot = join(ROOT, 'dist')): Promise<void> {
  const app = join(outRoot, 'app');
  await rm(app, { recursive: true, force: true });
  await Promise.all([
    build({
      entryPoints: [join(ROOT, 'main/index.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      outfile: join(app, 'main/index.js'),
      logLevel: 'warning',
    }),
    build(workerBuild(join(app, 'main'))),
    build({
      entryPoints: [join(ROOT, 'preload/index.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node22',
      external: ['electron'],
      outfile: join(app, 'preload/index.cjs'),
      logLevel: 'warning',
    }),
    build(rendererBuild(join(app, 'renderer'), false)).then(() => copyPage(join(app, 'renderer'))),
    copyTrayIcon(join(app, 'icons')),
    build({
      entryPoints: [join(ROOT, 'service/cli.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: join(outRoot, 'service/cli.js'),
      logLevel: 'warning',
    }),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleApp();
  process.stdout.write('Built the app into dist/app and the local service into dist/service.\n');
}
