import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeAppRequest, routeThumbnailRequest } from '../../../../main/desktop/app-requests';

// Absolute on every system (C:\opt\… on Windows), as Electron's resources path is.
const dir = resolve('/opt/app/resources/app.asar/dist/app/renderer');

describe('app:// requests', () => {
  it('serves files of the renderer folder with their type', () => {
    expect(routeAppRequest('app://renderer/', 'GET', dir)).toEqual({
      kind: 'file',
      path: join(dir, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    });
    expect(routeAppRequest('app://renderer/assets/main.js', 'HEAD', dir)).toMatchObject({
      kind: 'file',
      contentType: 'text/javascript; charset=utf-8',
    });
    // The map's Web Worker: a script beside main.js, on the window's own origin.
    expect(routeAppRequest('app://renderer/map-worker.js', 'GET', dir)).toEqual({
      kind: 'file',
      path: join(dir, 'map-worker.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
  });

  it('answers 404, 400 or 405 instead of throwing', () => {
    const status = (url: string, method = 'GET') => {
      const route = routeAppRequest(url, method, dir);
      return route.kind === 'refuse' ? route.status : 200;
    };
    expect(status('app://elsewhere/index.html')).toBe(404);
    expect(status('app://renderer/%E0%A4%A')).toBe(400); // a malformed escape
    expect(status('app://renderer/a%00b.js')).toBe(400);
    expect(status('app://renderer/..%2F..%2Fsecret.txt')).toBe(404);
    expect(status('app://renderer/index.html', 'POST')).toBe(405);
    expect(status('not a url')).toBe(400);
  });
});

describe('thumb:// requests', () => {
  it('name a photo by its MD5 only', () => {
    const md5 = 'a'.repeat(32);
    expect(routeThumbnailRequest(`thumb://photo/${md5}.jpg`, 'GET')).toEqual({
      kind: 'thumbnail',
      md5,
    });
    expect(routeThumbnailRequest(`thumb://other/${md5}.jpg`, 'GET')).toEqual({
      kind: 'refuse',
      status: 404,
    });
    expect(routeThumbnailRequest('thumb://photo/../../etc/passwd', 'GET')).toMatchObject({
      status: 404,
    });
    expect(routeThumbnailRequest(`thumb://photo/${md5}.jpg`, 'DELETE')).toMatchObject({
      status: 405,
    });
    expect(routeThumbnailRequest('::', 'GET')).toMatchObject({ status: 400 });
  });

  it('name a service photo by its id only, for main to fetch its rendition', () => {
    expect(routeThumbnailRequest('thumb://service/Ab_9-z', 'GET')).toEqual({
      kind: 'rendition',
      photoId: 'Ab_9-z',
    });
    expect(routeThumbnailRequest('thumb://service/42', 'HEAD')).toEqual({
      kind: 'rendition',
      photoId: '42',
    });
    const status = (url: string, method = 'GET') => {
      const route = routeThumbnailRequest(url, method);
      return route.kind === 'refuse' ? route.status : 200;
    };
    expect(status('thumb://service/42', 'POST')).toBe(405);
    expect(status('thumb://service/')).toBe(404);
    expect(status('thumb://service/a/b')).toBe(404);
    expect(status('thumb://service/..%2Fx')).toBe(404);
    expect(status('thumb://service/a%20b')).toBe(404);
    expect(status('thumb://service/42?u=https://cdn.example/x.jpg')).toBe(404);
    expect(status(`thumb://service/${'a'.repeat(65)}`)).toBe(404);
    expect(status('thumb://services/42')).toBe(404);
    expect(status('thumb://photo/42')).toBe(404);
  });
});
