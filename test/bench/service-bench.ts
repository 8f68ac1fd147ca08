import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, serveFiles, signIn, startTestService } from '../support/photo-service-harness';
import type { Figure } from './bench-report';

const PHOTO = join(import.meta.dirname, '../fixtures/exif-samples/jpg/Canon_40D.jpg');

async function timed(
  count: number,
  run: (index: number) => Promise<unknown>,
  concurrency = 8,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await run(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/**
 * The local Photo Service's own speed, so that later end-to-end figures can be read against it:
 * photos created and processed (download, type check, MD5) per second, against plain
 * authenticated reads per second on the same loopback server.
 */
export async function benchService(): Promise<Figure[]> {
  const service = await startTestService({
    autoApprove: true,
    allowPrivateFetch: true,
    rateLimit: false,
  });
  const bytes = await readFile(PHOTO);
  const count = 400;
  const files = await serveFiles(
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        `/p${i}.jpg`,
        Buffer.concat([bytes, Buffer.from(String(i))]),
      ]),
    ),
  );
  try {
    const token = (await signIn(service.info)).access_token;
    const project = service.info.projects[0]!.id;
    const reads = await timed(count, () =>
      api(service.info, token, 'GET', '/v2/projects?per_page=1'),
    );
    const started = performance.now();
    await timed(count, (i) =>
      api(service.info, token, 'POST', `/v2/projects/${project}/photos`, {
        photo: { uri: files.url(`/p${i}.jpg`), captured_at: 1_600_000_000 + i },
      }),
    );
    await service.idle();
    const processed = count / ((performance.now() - started) / 1000);
    return [
      {
        name: 'local service: photos created and processed (download, type check, MD5)',
        value: processed,
        unit: 'per second',
        baseline: { name: 'authenticated reads', value: reads },
        better: 'higher',
      },
    ];
  } finally {
    await files.close();
    await service.close();
  }
}
