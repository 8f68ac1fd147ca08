import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateBucket } from '../../../../main/api/pacing';
import { PhotoServiceApi } from '../../../../main/api/photo-service-api';
import { createLogger, type LogRecord, Redactor } from '../../../../main/logging/logger';
import { systemClock } from '../../../../shared/domain/clock';
import { NORMAL, OddPhotoService, type AnswerMode } from '../../../fakes/odd-photo-service';

const MD5 = 'a'.repeat(32);
const NEW_PHOTO = {
  uri: `https://photos.example/${MD5}.jpg`,
  capturedAt: 1_700_000_000,
  coordinates: { lat: 45.5, lon: -73.5 },
  description: '<p>Level 2</p>',
  internal: false,
};

describe('PhotoServiceApi against answers the simulator never gives (loopback server)', () => {
  let service: OddPhotoService;
  let client: PhotoServiceApi;
  const logs: LogRecord[] = [];
  const answer = (mode: Partial<AnswerMode>) => {
    service.plan = () => ({ ...NORMAL, ...mode });
  };

  beforeAll(async () => {
    service = await OddPhotoService.start(systemClock);
    const limit = { limit: 100_000, windowMs: 1000 };
    client = new PhotoServiceApi(
      service.requester(),
      service.baseUrl,
      { writes: new RateBucket(systemClock, limit), reads: new RateBucket(systemClock, limit) },
      systemClock,
      createLogger({ sink: (record) => logs.push(record), redactor: new Redactor() }),
    );
  });
  beforeEach(() => {
    service.reset();
    logs.length = 0;
  });
  afterAll(async () => {
    await client.close();
    await service.close();
  });

  it('takes a 201 with only {id} as created, with that id, its status unknown', async () => {
    answer({ shape: 'id-only' });
    const created = await client.createPhoto('p1', NEW_PHOTO);
    expect(created).toMatchObject({
      kind: 'created',
      photo: { id: service.photos[0]!.id, processing_status: 'unknown', hash: null },
    });
    answer({ shape: 'id-only', numericIds: true, okStatus: 200 });
    expect(await client.createPhoto('p1', NEW_PHOTO)).toMatchObject({
      kind: 'created',
      photo: { id: service.photos[1]!.id },
    });
  });

  it('takes a 2xx with an empty, non-JSON or id-less body as accepted (created, id unknown), never as an error', async () => {
    for (const outcome of ['empty', 'not-json'] as const) {
      answer({ outcome });
      expect(await client.createPhoto('p1', NEW_PHOTO)).toEqual({ kind: 'accepted', status: 201 });
    }
    expect(service.photos).toHaveLength(2);
    expect(logs.map((record) => record.message)).toContain(
      'a create was accepted without a readable photo id',
    );
    expect(JSON.stringify(logs)).not.toContain('Level 2');
  });

  it('reads a photo given as {id} only, wrapped, with numeric ids, coordinates as an array and a description object', async () => {
    answer({ outcome: 'ok' });
    await client.createPhoto('p1', NEW_PHOTO);
    const id = service.photos[0]!.id;
    answer({ shape: 'id-only' });
    expect(await client.getPhoto(id)).toEqual({
      id,
      project_id: undefined,
      processing_status: 'unknown',
      hash: null,
      captured_at: null,
      coordinates: null,
      description: undefined,
      internal: false,
      uris: [],
      tags: [],
    });
    answer({
      shape: 'wrapped',
      numericIds: true,
      coordinates: 'array',
      description: 'object',
      status: 'unrecognised',
    });
    expect(await client.getPhoto(id)).toMatchObject({
      id,
      processing_status: 'unknown',
      coordinates: { lat: 45.5, lon: -73.5 },
      description: '<p>Level 2</p>',
    });
    answer({ description: 'null', coordinates: 'null', hash: 'missing', status: 'missing' });
    expect(await client.getPhoto(id)).toMatchObject({
      description: '',
      coordinates: null,
      hash: null,
      processing_status: 'unknown',
    });
  });

  it('takes any 2xx to a description change as success, whatever its body, and says the description when the body does', async () => {
    answer({ outcome: 'ok' });
    await client.createPhoto('p1', NEW_PHOTO);
    const id = service.photos[0]!.id;
    for (const mode of [
      { shape: 'id-only' },
      { outcome: 'empty' },
      { outcome: 'not-json' },
      { description: 'missing' },
    ] as const) {
      answer(mode);
      await expect(client.setDescription(id, '<p>x</p>')).resolves.toEqual({
        description: undefined,
      });
    }
    service.storedForm = (html) => html.replace(/<(\/?)b>/g, '<$1strong>');
    answer({ shape: 'wrapped', description: 'object' });
    await expect(client.setDescription(id, '<p><b>wrapped</b></p>')).resolves.toEqual({
      description: '<p><strong>wrapped</strong></p>',
    });
    expect(service.photos[0]!.description).toBe('<p><strong>wrapped</strong></p>');
  });

  it('reads a project list with null names and null addresses, and skips an unreadable project with a log line', async () => {
    service.projects = [
      { id: 'p1', name: null, address: null },
      {
        id: 2,
        name: 'Tower',
        address: {
          street_address_1: null,
          city: 'Montréal',
          state: null,
          postal_code: null,
          country: null,
        },
        photo_count: null,
      },
      { name: 'No id at all' },
      { id: 'p3' },
      { id: 'p4', name: 7, address: 'not an object' },
    ];
    const projects = await client.listProjects({});
    expect(projects).toEqual([
      {
        id: 'p1',
        name: null,
        address: null,
        photo_count: undefined,
        project_url: undefined,
        coordinates: null,
        geofence: null,
      },
      {
        id: '2',
        name: 'Tower',
        address: {
          street_address_1: null,
          city: 'Montréal',
          state: null,
          postal_code: null,
          country: null,
        },
        photo_count: undefined,
        project_url: undefined,
        coordinates: null,
        geofence: null,
      },
      {
        id: 'p3',
        name: null,
        address: null,
        photo_count: undefined,
        project_url: undefined,
        coordinates: null,
        geofence: null,
      },
      {
        id: 'p4',
        name: null,
        address: null,
        photo_count: undefined,
        project_url: undefined,
        coordinates: null,
        geofence: null,
      },
    ]);
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'skipped an unreadable project in a list',
        fields: { index: 2, id: undefined },
      }),
    );
  });

  it('lists photos given as {id} only, skips an unreadable one, and counts the page by what was sent', async () => {
    answer({ outcome: 'ok' });
    await client.createPhoto('p1', NEW_PHOTO);
    await client.createPhoto('p1', { ...NEW_PHOTO, capturedAt: NEW_PHOTO.capturedAt + 1 });
    answer({ shape: 'id-only', unreadableItem: true });
    const page = await client.projectPhotosPage('p1', { perPage: 100 });
    expect(page.items.map((photo) => photo.id)).toEqual(
      service.photos.map((photo) => photo.id).reverse(),
    );
    expect(page.rawLength).toBe(3);
    expect(
      logs.filter((record) => record.message === 'skipped an unreadable photo in a list'),
    ).toHaveLength(1);
  });

  it('never sends an empty query parameter: a bound or search that has no value is left out', async () => {
    await client.projectPhotosPage('p1', { startDate: 1_700_000_000 });
    await client.projectPhotosPage('p1', { startDate: Number.NaN, endDate: Infinity });
    await client.projectsPage({ query: '' });
    const [onlyStart, noBounds, noSearch] = service.requestUrls.map(
      (url) => new URL(url, service.baseUrl).searchParams,
    );
    expect(onlyStart?.get('start_date')).toBe('1700000000');
    expect(onlyStart?.has('end_date')).toBe(false);
    expect(noBounds?.has('start_date')).toBe(false);
    expect(noBounds?.has('end_date')).toBe(false);
    expect(noSearch?.has('query')).toBe(false);
    for (const url of service.requestUrls) expect(url).not.toMatch(/=(&|$)|=NaN|=Infinity/);
  });

  it('still refuses a 2xx to a read that is not a photo at all, as an answer it does not understand (retried)', async () => {
    answer({ outcome: 'not-json' });
    await expect(client.getPhoto('101')).rejects.toMatchObject({ status: 502 });
    await expect(client.listProjects({})).rejects.toMatchObject({ status: 502 });
  });
});
