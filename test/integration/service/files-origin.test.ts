import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServiceArgs } from '../../../service/options';
import {
  api,
  serveFiles,
  signIn,
  startTestService,
  type FileServer,
  type TestService,
} from '../../support/photo-service-harness';
import { rawHttp } from '../../support/raw-http';

const PHOTO = join(import.meta.dirname, '../../fixtures/exif-samples/jpg/gps/DSCN0021.jpg');

describe('Local Photo Service: renditions on a second origin (--cdn)', () => {
  let service: TestService;
  let files: FileServer;
  let photo: { id: string; uris: { type: string; url: string }[] };

  beforeAll(async () => {
    service = await startTestService({ autoApprove: true, allowPrivateFetch: true, cdn: true });
    files = await serveFiles({ '/site.jpg': await readFile(PHOTO) });
    const token = (await signIn(service.info)).access_token;
    const created = await api(
      service.info,
      token,
      'POST',
      `/v2/projects/${service.info.projects[0]!.id}/photos`,
      { photo: { uri: files.url('/site.jpg'), captured_at: 1_600_000_000 } },
    );
    await service.idle();
    const id = (created.body as { id: string }).id;
    photo = (await api(service.info, token, 'GET', `/v2/photos/${id}`)).body as typeof photo;
  });
  afterAll(async () => {
    await files.close();
    await service.close();
  });

  it('is asked for on the command line', () => {
    expect(parseServiceArgs(['--cdn']).cdn).toBe(true);
    expect(parseServiceArgs([]).cdn).toBe(false);
  });

  it('points the Photo JSON uris at the files origin, which serves the renditions', async () => {
    const filesUrl = service.info.files_url ?? '';
    expect(new URL(filesUrl).origin).not.toBe(new URL(service.info.base_url).origin);
    expect(photo.uris.map((uri) => uri.type).sort()).toEqual(['original', 'thumbnail', 'web']);
    for (const uri of photo.uris) expect(uri.url.startsWith(`${filesUrl}/files/`)).toBe(true);
    const thumbnail = photo.uris.find((uri) => uri.type === 'thumbnail')?.url ?? '';
    const answer = await fetch(thumbnail);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('serves nothing else, and only to its own host names', async () => {
    const filesUrl = service.info.files_url ?? '';
    expect((await fetch(`${filesUrl}/`)).status).toBe(404);
    expect((await fetch(`${filesUrl}/v2/projects`)).status).toBe(404);
    expect((await fetch(`${filesUrl}/files/${photo.id}/huge`)).status).toBe(404);
    expect(
      (await fetch(`${filesUrl}/files/${photo.id}/thumbnail`, { method: 'POST' })).status,
    ).toBe(405);
    const port = new URL(filesUrl).port;
    const foreign = await rawHttp(`${filesUrl}/files/${photo.id}/thumbnail`, {
      headers: { host: `evil.example:${port}` },
    });
    expect(foreign.status).toBe(421);
  });
});
