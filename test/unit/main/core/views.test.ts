import { describe, expect, it } from 'vitest';
import { photoSchema, type ServicePhoto } from '../../../../main/api/api-schemas';
import { allowedLinks, isAllowedExternalLink } from '../../../../main/core/navigation-rules';
import { photoView, queueItemView } from '../../../../main/core/views';
import type { QueueItem } from '../../../../main/queue/queue-store';
import { legacyReason } from '../../../../main/queue/queue-reason';

// Descriptions from the service reach the window only as the allowed HTML, whatever the service
// sends: on arrival (the API's schema), and again where main turns them into views.

const HOSTILE =
  '<p>Slab<img src=x onerror="alert(1)"></p><form action="https://evil.example"><input name="p"></form><style>body{display:none}</style><a href="/admin" target="_blank">rel</a><a href="https://ok.example/" target="_top">ok</a>';
const CLEAN = '<p>Slab</p><a>rel</a><a href="https://ok.example/">ok</a>';

const servicePhoto: ServicePhoto = {
  id: '7',
  project_id: '1',
  processing_status: 'processed',
  hash: null,
  captured_at: 1_700_000_000,
  coordinates: null,
  description: HOSTILE,
  internal: false,
  uris: [],
  tags: [],
  photo_url: undefined,
  creator_id: undefined,
  creator_name: undefined,
};

describe('descriptions from the service', () => {
  it('are sanitized on arrival, in both shapes the service sends', () => {
    expect(photoSchema.parse({ id: 7, project_id: 1, description: HOSTILE }).description).toBe(
      CLEAN,
    );
    expect(
      photoSchema.parse({ photo: { id: 7, project_id: 1, description: { html_content: HOSTILE } } })
        .description,
    ).toBe(CLEAN);
  });

  it('name who uploaded the photo when the service says, and null when it does not', () => {
    const said = photoSchema.parse({
      id: 7,
      creator_id: 42,
      creator_name: 'Ana',
      creator_type: 'User',
    });
    expect(photoView(said).uploader).toEqual({ id: '42', name: 'Ana' });
    expect(photoView(photoSchema.parse({ id: 7, creator_name: ' ' })).uploader).toBeNull();
    expect(photoView(photoSchema.parse({ id: 7, creator_name: null })).uploader).toBeNull();
  });

  it('are sanitized again in the photo view', () => {
    expect(photoView(servicePhoto).description).toBe(CLEAN);
  });

  it('are sanitized in the conflict of a queued description edit', () => {
    const item: QueueItem = {
      photo_url: null,
      after_upload: null,
      after_upload_root: null,
      after_upload_result: null,
      id: 3,
      kind: 'description',
      state: 'needs-attention',
      reason: legacyReason('The description changed on the service'),
      paused: false,
      attempts: 1,
      next_attempt_at: 0,
      project_id: null,
      tags: [],
      allow_duplicates: false,
      found_on_service: false,
      failed_photo_ids: [],
      note: null,
      path: null,
      size: null,
      format: null,
      md5: null,
      upload_md5: null,
      file_identity: null,
      captured_at: null,
      lat: null,
      lon: null,
      description: '<p>Mine</p>',
      internal: false,
      uri: null,
      uri_expires_at: null,
      photo_id: '7',
      processing_status: null,
      base_description: '<p>Before</p>',
      service_description: HOSTILE,
      bytes_sent: 0,
      waiting_since: null,
      created_at: 0,
      updated_at: 0,
    };
    expect(queueItemView(item).serviceDescription).toBe(CLEAN);
    expect(queueItemView({ ...item, service_description: null }).serviceDescription).toBe(
      undefined,
    );
  });
});

describe('the thumbnail of a service photo', () => {
  it('is the thumbnail rendition, else the web one, as main remembers it', () => {
    const remembered: [string, string | undefined][] = [];
    const remember = (id: string, address: string | undefined) => {
      remembered.push([id, address]);
      return address !== undefined;
    };
    const uris = [
      { type: 'web', url: 'https://cdn.example/w.jpg' },
      { type: 'thumbnail', url: 'https://cdn.example/t.jpg' },
    ];
    expect(photoView({ ...servicePhoto, uris }, remember).hasThumbnail).toBe(true);
    expect(photoView({ ...servicePhoto, uris: uris.slice(0, 1) }, remember).hasThumbnail).toBe(
      true,
    );
    expect(photoView(servicePhoto, remember).hasThumbnail).toBe(false);
    expect(remembered).toEqual([
      ['7', 'https://cdn.example/t.jpg'],
      ['7', 'https://cdn.example/w.jpg'],
      ['7', undefined],
    ]);
    // The window gets no address at all, only whether main can show one.
    expect(JSON.stringify(photoView({ ...servicePhoto, uris }, remember))).not.toContain('cdn');
  });
});

describe('a service photo as the window sees it', () => {
  it('carries its tags and the zone at its position, looked up in main', () => {
    const inRome = photoView({
      ...servicePhoto,
      tags: ['footings', 'north wall'],
      coordinates: { lat: 43.467448, lon: 11.885126 },
    });
    expect(inRome.tags).toEqual(['footings', 'north wall']);
    expect(inRome.zone).toBe('Europe/Rome');
    // Without a position there is no zone: the window shows the user's own.
    expect(photoView(servicePhoto).zone).toBeUndefined();
  });
});

describe('a photo’s page on the service (photo_url)', () => {
  const SERVICE_PAGE = 'https://app.example.com/projects/1/photos/7';
  const links = allowedLinks({
    baseUrl: 'https://api.example.com',
    authUrl: 'https://app.example.com',
  });
  const allowed = (url: string) => isAllowedExternalLink(url, links);

  it('is read from a create answer, bare or wrapped, and kept only when it is http(s)', () => {
    expect(photoSchema.parse({ id: 7, photo_url: SERVICE_PAGE }).photo_url).toBe(SERVICE_PAGE);
    expect(photoSchema.parse({ photo: { id: 7, photo_url: SERVICE_PAGE } }).photo_url).toBe(
      SERVICE_PAGE,
    );
    // The real service may leave it out; anything odd reads as none, never as a bad answer.
    for (const odd of [undefined, null, 42, '', 'not a url', 'javascript:alert(1)', 'file:///x'])
      expect(photoSchema.parse({ id: 7, photo_url: odd }).photo_url).toBeUndefined();
  });

  it('reaches the window only when main would open it: a page of the configured service', () => {
    const done = { ...queueRowOf('done'), photo_id: '7' };
    expect(queueItemView({ ...done, photo_url: SERVICE_PAGE }, allowed).photoUrl).toBe(
      SERVICE_PAGE,
    );
    for (const hostile of [
      'https://evil.example/fake-sign-in',
      'https://app.example.com.evil.example/',
      'javascript:alert(1)',
      'http://app.example.com/projects/1',
    ])
      expect(queueItemView({ ...done, photo_url: hostile }, allowed).photoUrl).toBeUndefined();
    expect(queueItemView({ ...done, photo_url: null }, allowed)).not.toHaveProperty('photoUrl');
    // Told nothing of the service, main links nothing.
    expect(queueItemView({ ...done, photo_url: SERVICE_PAGE }).photoUrl).toBeUndefined();
  });

  it('says the bytes sent only while the photo uploads', () => {
    const uploading = { ...queueRowOf('queued'), bytes_sent: 2048 };
    expect(queueItemView(uploading).bytesSent).toBe(2048);
    expect(queueItemView({ ...uploading, state: 'staged' }).bytesSent).toBeUndefined();
    expect(queueItemView({ ...uploading, bytes_sent: 0 }).bytesSent).toBeUndefined();
  });
});

/** A photo's queue row in `state`, with nothing else known. */
function queueRowOf(state: QueueItem['state']): QueueItem {
  return {
    after_upload: null,
    after_upload_root: null,
    after_upload_result: null,
    id: 9,
    kind: 'photo',
    state,
    reason: null,
    paused: false,
    attempts: 0,
    next_attempt_at: 0,
    project_id: '1',
    tags: [],
    allow_duplicates: false,
    found_on_service: false,
    failed_photo_ids: [],
    note: null,
    path: '/photos/a.jpg',
    size: 4096,
    format: 'jpeg',
    md5: null,
    upload_md5: null,
    file_identity: null,
    captured_at: null,
    lat: null,
    lon: null,
    description: '',
    internal: false,
    uri: null,
    uri_expires_at: null,
    photo_id: null,
    processing_status: null,
    base_description: null,
    service_description: null,
    bytes_sent: 0,
    waiting_since: null,
    photo_url: null,
    created_at: 0,
    updated_at: 0,
  };
}
