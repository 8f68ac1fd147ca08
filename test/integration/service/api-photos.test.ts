import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  api,
  md5,
  serveFiles,
  signIn,
  startTestService,
  type FileServer,
  type TestService,
} from '../../support/photo-service-harness';

const FIXTURES = join(import.meta.dirname, '../../fixtures/exif-samples');

type Photo = {
  id: string;
  project_id: string;
  processing_status: string;
  hash: string | null;
  description: string;
  captured_at: number;
  coordinates: { lat: number; lon: number } | null;
  internal: boolean;
  uris: { type: string; uri: string; url: string }[];
};

describe('Local Photo Service: photos', () => {
  let service: TestService;
  let files: FileServer;
  let token: string;
  let project: string;
  let jpeg: Buffer;
  let heic: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    service = await startTestService({
      autoApprove: true,
      allowPrivateFetch: true,
      rateLimit: false,
    });
    jpeg = await readFile(join(FIXTURES, 'jpg/gps/DSCN0010.jpg'));
    heic = await readFile(join(FIXTURES, 'heic/IMG_5195.HEIC'));
    png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    files = await serveFiles({
      '/a.jpg': jpeg,
      '/copy-of-a.jpg': jpeg,
      '/b.heic': heic,
      '/c.png': png,
      '/notes.jpg': Buffer.from('these are meeting notes, not a photo\n'),
      '/empty.jpg': Buffer.alloc(0),
    });
    token = (await signIn(service.info)).access_token;
    project = service.info.projects[0]!.id;
  });
  afterAll(async () => {
    await service.close();
    await files.close();
  });

  const create = (photo: unknown, projectId = project) =>
    api(service.info, token, 'POST', `/v2/projects/${projectId}/photos`, { photo });

  async function settled(id: string): Promise<Photo> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const answer = await api(service.info, token, 'GET', `/v2/photos/${id}`);
      const photo = answer.body as Photo;
      if (!['pending', 'processing'].includes(photo.processing_status)) return photo;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('photo never settled');
  }

  it('answers 201 with the bare photo, pending, then processes it with the MD5 of the bytes', async () => {
    const answer = await create({
      uri: files.url('/a.jpg'),
      captured_at: 1_227_366_660,
      coordinates: { lat: 43.467157, lon: 11.885395 },
      description: '<p>North wall, <strong>level 2</strong></p>',
      internal: true,
    });
    expect(answer.status).toBe(201);
    const created = answer.body as Photo;
    expect(created).toMatchObject({
      project_id: project,
      processing_status: 'pending',
      captured_at: 1_227_366_660,
      coordinates: { lat: 43.467157, lon: 11.885395 },
      description: '<p>North wall, <strong>level 2</strong></p>',
      internal: true,
      hash: null,
    });
    expect(typeof created.id).toBe('string');
    const done = await settled(created.id);
    expect(done.processing_status).toBe('processed');
    expect(done.hash).toBe(md5(jpeg));
    expect(done.uris.map((uri) => uri.type)).toEqual(['original', 'web', 'thumbnail']);
    const original = await fetch(done.uris[0]!.url);
    expect(md5(Buffer.from(await original.arrayBuffer()))).toBe(md5(jpeg));
    const thumbnail = await fetch(done.uris[2]!.url);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect((await thumbnail.arrayBuffer()).byteLength).toBeLessThan(jpeg.length);
  });

  it('marks a second copy of the same bytes in the project as duplicate', async () => {
    const first = await settled(
      ((await create({ uri: files.url('/c.png'), captured_at: 1_600_000_000 })).body as Photo).id,
    );
    expect(first.processing_status).toBe('processed');
    const again = (await create({ uri: files.url('/c.png'), captured_at: 1_600_000_000 }))
      .body as Photo;
    const second = await settled(again.id);
    expect(second.processing_status).toBe('duplicate');
    expect(second.hash).toBe(md5(png));
    // Another project does not count.
    const other = (
      await create(
        { uri: files.url('/c.png'), captured_at: 1_600_000_000 },
        service.info.projects[1]!.id,
      )
    ).body as Photo;
    expect((await settled(other.id)).processing_status).toBe('processed');
  });

  it('accepts HEIC by its magic bytes', async () => {
    const photo = (await create({ uri: files.url('/b.heic'), captured_at: 1_618_174_073 }))
      .body as Photo;
    expect((await settled(photo.id)).processing_status).toBe('processed');
  });

  it('ends processing_error with a reason for a non-image, an empty file and a missing file', async () => {
    for (const path of ['/notes.jpg', '/empty.jpg', '/gone.jpg']) {
      const photo = (await create({ uri: files.url(path), captured_at: 1_600_000_000 }))
        .body as Photo;
      expect((await settled(photo.id)).processing_status, path).toBe('processing_error');
    }
    const state = await admin.state(service.info);
    const reasons = state.photos
      .filter((photo) => photo.processing_status === 'processing_error')
      .map((photo) => photo.processing_error);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Unsupported file'),
        expect.stringContaining('empty'),
        expect.stringContaining('HTTP 404'),
      ]),
    );
  });

  it('refuses a data: URI, a relative URI and non-http schemes with 422', async () => {
    for (const uri of [
      'data:image/jpeg;base64,/9j/4AAQ',
      '/photos/a.jpg',
      'file:///etc/passwd',
      'ftp://example.com/a.jpg',
    ]) {
      const answer = await create({ uri, captured_at: 1_600_000_000 });
      expect(answer.status, uri).toBe(422);
      expect((answer.body as { errors: string[] }).errors.join(' ')).toContain('uri');
    }
  });

  it('refuses captured_at in milliseconds, as a string, fractional or missing', async () => {
    for (const capturedAt of [1_600_000_000_000, '1600000000', 1_600_000_000.5, -1, undefined]) {
      const answer = await create({ uri: files.url('/a.jpg'), captured_at: capturedAt });
      expect(answer.status, String(capturedAt)).toBe(422);
      expect((answer.body as { errors: string[] }).errors.join(' ')).toContain('captured_at');
    }
    const ms = await create({ uri: files.url('/a.jpg'), captured_at: 1_600_000_000_000 });
    expect((ms.body as { errors: string[] }).errors.join(' ')).toContain('milliseconds');
  });

  it('refuses coordinates out of range or malformed, and a non-boolean internal', async () => {
    for (const coordinates of [
      { lat: 91, lon: 0 },
      { lat: 0, lon: -181 },
      { lat: '1', lon: 2 },
      [1, 2],
      { lat: 1 },
    ]) {
      const answer = await create({
        uri: files.url('/a.jpg'),
        captured_at: 1_600_000_000,
        coordinates,
      });
      expect(answer.status, JSON.stringify(coordinates)).toBe(422);
    }
    const internal = await create({
      uri: files.url('/a.jpg'),
      captured_at: 1_600_000_000,
      internal: 'yes',
    });
    expect(internal.status).toBe(422);
  });

  it('sanitizes descriptions to the allowed tags and caps their length', async () => {
    const answer = await create({
      uri: files.url('/a.jpg'),
      captured_at: 1_600_000_000,
      description:
        '<p onclick="x()">Crack <em>here</em><script>alert(1)</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">bad</a> <a href="https://example.com/p" target="_blank" style="color:red">ok</a></p><h1>Title</h1><ul><li>one</li></ul>',
    });
    expect(answer.status).toBe(201);
    expect((answer.body as Photo).description).toBe(
      '<p>Crack <em>here</em> <a>bad</a> <a href="https://example.com/p">ok</a></p>Title<ul><li>one</li></ul>',
    );
    const long = await create({
      uri: files.url('/a.jpg'),
      captured_at: 1_600_000_000,
      description: 'x'.repeat(10_001),
    });
    expect(long.status).toBe(422);
    expect((long.body as { errors: string[] }).errors[0]).toContain('too long');
  });

  it('answers 404 Record not found for an unknown project, 400 without the photo wrapper or with broken JSON', async () => {
    const unknown = await create(
      { uri: files.url('/a.jpg'), captured_at: 1_600_000_000 },
      'no-such-project',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: ['Record not found'] });
    const bare = await api(service.info, token, 'POST', `/v2/projects/${project}/photos`, {
      uri: files.url('/a.jpg'),
      captured_at: 1,
    });
    expect(bare.status).toBe(400);
    const broken = await api(
      service.info,
      token,
      'POST',
      `/v2/projects/${project}/photos`,
      '{"photo": ',
    );
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ errors: [expect.any(String)] });
  });

  it('replaces a description and answers 201 wrapped in photo', async () => {
    const photo = (
      await create({ uri: files.url('/a.jpg'), captured_at: 1_600_000_000, description: 'old' })
    ).body as Photo;
    const first = await api(service.info, token, 'POST', `/v2/photos/${photo.id}/descriptions`, {
      description: '<b>new</b><style>p{}</style>',
    });
    expect(first.status).toBe(201);
    expect((first.body as { photo: Photo }).photo).toMatchObject({
      id: photo.id,
      description: '<b>new</b>',
    });
    const second = await api(service.info, token, 'POST', `/v2/photos/${photo.id}/descriptions`, {
      description: 'newest',
    });
    expect((second.body as { photo: Photo }).photo.description).toBe('newest');
    expect(
      ((await api(service.info, token, 'GET', `/v2/photos/${photo.id}`)).body as Photo).description,
    ).toBe('newest');
    expect(
      (await api(service.info, token, 'POST', `/v2/photos/nope/descriptions`, { description: 'x' }))
        .status,
    ).toBe(404);
    expect(
      (await api(service.info, token, 'POST', `/v2/photos/${photo.id}/descriptions`, {})).status,
    ).toBe(400);
    expect(
      (
        await api(service.info, token, 'POST', `/v2/photos/${photo.id}/descriptions`, {
          description: 5,
        })
      ).status,
    ).toBe(422);
  });

  it('lists a project’s photos newest capture first, filtered by dates and paged', async () => {
    const fresh = (await admin
      .post(service.info, '/projects', { name: 'Listing test' })
      .then((r) => r.json())) as { id: string };
    for (const capturedAt of [1000, 3000, 2000, 4000]) {
      await create({ uri: files.url('/c.png'), captured_at: capturedAt }, fresh.id);
    }
    const list = async (query: string) =>
      (
        (await api(service.info, token, 'GET', `/v2/projects/${fresh.id}/photos${query}`))
          .body as Photo[]
      ).map((photo) => photo.captured_at);
    expect(await list('')).toEqual([4000, 3000, 2000, 1000]);
    expect(await list('?start_date=2000&end_date=3000')).toEqual([3000, 2000]);
    expect(await list('?per_page=3&page=1')).toEqual([4000, 3000, 2000]);
    expect(await list('?per_page=3&page=2')).toEqual([1000]);
    expect(
      (await api(service.info, token, 'GET', `/v2/projects/${fresh.id}/photos?page=0`)).status,
    ).toBe(400);
    expect((await api(service.info, token, 'GET', `/v2/projects/nope/photos`)).status).toBe(404);
  });

  it('searches projects by name or address, as a bare array', async () => {
    const byName = (await api(service.info, token, 'GET', '/v2/projects?query=harbor')).body as {
      name: string;
    }[];
    expect(byName.map((project) => project.name)).toEqual(['Harbor View Tower']);
    const byCity = (await api(service.info, token, 'GET', '/v2/projects?query=seattle')).body as {
      name: string;
      address: { city: string };
    }[];
    expect(byCity.map((project) => project.address.city)).toEqual(['Seattle']);
    const all = (await api(service.info, token, 'GET', '/v2/projects?per_page=2'))
      .body as unknown[];
    expect(all).toHaveLength(2);
  });

  it('shows what arrived on the browse page, with descriptions limited to allowed tags', async () => {
    const html = await (await fetch(`${service.info.base_url}/`)).text();
    expect(html).toContain('Harbor View Tower');
    expect(html).toContain('<strong>level 2</strong>');
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<img src="\/files\/[\w-]+\/thumbnail"/);
  });
});

describe('Local Photo Service: fetching is limited to public addresses by default', () => {
  it('refuses loopback and private addresses and names that resolve to them', async () => {
    const service = await startTestService({ autoApprove: true });
    const files = await serveFiles({ '/a.png': Buffer.from('x') });
    try {
      const token = (await signIn(service.info)).access_token;
      const project = service.info.projects[0]!.id;
      for (const uri of [
        files.url('/a.png'),
        files.url('/a.png').replace('127.0.0.1', 'localhost'),
        'http://10.1.2.3/a.jpg',
        'http://[::1]/a.jpg',
        'http://169.254.169.254/latest',
      ]) {
        await api(service.info, token, 'POST', `/v2/projects/${project}/photos`, {
          photo: { uri, captured_at: 1_600_000_000 },
        });
      }
      await service.idle();
      const state = await admin.state(service.info);
      expect(state.photos).toHaveLength(5);
      for (const photo of state.photos) {
        expect(photo.processing_status, photo.uri).toBe('processing_error');
        expect(photo.processing_error, photo.uri).toContain('non-public address');
      }
      expect(files.hits('/a.png')).toBe(0);
    } finally {
      await files.close();
      await service.close();
    }
  });
});
