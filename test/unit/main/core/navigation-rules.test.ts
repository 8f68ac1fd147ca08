import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  type AllowedLinks,
  allowedLinks,
  isAllowedExternalLink,
  navigationDecision,
  newWindowDecision,
  redirectDecision,
  refusedLinkHost,
} from '../../../../main/core/navigation-rules';
import { TILE_ATTRIBUTION } from '../../../../renderer/features/map/map-words';

/** The one link the map's attribution carries (Leaflet renders it as a plain `<a href>`). */
const attributionLink = /href="([^"]+)"/.exec(TILE_ATTRIBUTION)?.[1] ?? '';

/** The links of a Photo Service at api.example.com, signing in at auth.example.com. */
const service: AllowedLinks = allowedLinks({
  baseUrl: 'https://api.example.com/v1',
  authUrl: 'https://auth.example.com',
});

/** Addresses that must never leave the window, whichever way they are tried. */
const refused = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'file:///etc/passwd',
  'http://example.com/',
  'http://tiles.example.com/1/2/3.png',
  'app://renderer/index.html',
  'app://elsewhere/x',
  'thumb://abc/def',
  'data:text/html,<script>alert(1)</script>',
  'blob:app://renderer/123',
  'mailto:someone@example.com',
  'https://user:secret@example.com/',
  'https://user@example.com/',
  'https://user:secret@api.example.com/',
  'http://api.example.com/p/1',
  'not a url',
  '',
  // Any other https page: a fake sign-in page, a look-alike of the service.
  'https://example.com/help',
  'https://login.evil.example/signin',
  'https://api.example.com.evil.example/',
  'https://api.example.com:8443/',
  'https://www.openstreetmap.org/login',
];

describe('links that go out of the window', () => {
  it('opens the map attribution link in the browser when it is clicked (a navigation)', () => {
    expect(attributionLink).toBe('https://www.openstreetmap.org/copyright');
    expect(navigationDecision(attributionLink, service)).toEqual({
      kind: 'open-in-browser',
      url: attributionLink,
    });
    expect(navigationDecision(attributionLink, allowedLinks({}))).toEqual({
      kind: 'open-in-browser',
      url: attributionLink,
    });
  });

  it('opens a link on the configured Photo Service’s own web origin (a photo’s page) in the browser', () => {
    const photoPage = 'https://api.example.com/?project=7#photo-42';
    expect(newWindowDecision(photoPage, service)).toEqual({
      kind: 'open-in-browser',
      url: photoPage,
    });
    expect(navigationDecision(photoPage, service)).toEqual({
      kind: 'open-in-browser',
      url: photoPage,
    });
    expect(newWindowDecision('https://auth.example.com/account', service)).toEqual({
      kind: 'open-in-browser',
      url: 'https://auth.example.com/account',
    });
  });

  it('refuses a service page once the service is another one, and every page when none is set', () => {
    const photoPage = 'https://api.example.com/?project=7#photo-42';
    expect(newWindowDecision(photoPage, allowedLinks({}))).toEqual({ kind: 'refuse' });
    const other = allowedLinks({ baseUrl: 'https://photos.other.example' });
    expect(navigationDecision(photoPage, other)).toEqual({ kind: 'refuse' });
  });

  it('opens pages of a service on this computer over http (the simulator), and no other http page', () => {
    const local = allowedLinks({
      baseUrl: 'http://127.0.0.1:4100',
      authUrl: 'http://127.0.0.1:4100',
    });
    const photoPage = 'http://127.0.0.1:4100/?project=7#photo-42';
    expect(newWindowDecision(photoPage, local)).toEqual({
      kind: 'open-in-browser',
      url: photoPage,
    });
    for (const url of [
      'http://127.0.0.1:4101/?project=7',
      'http://localhost:4100/',
      'http://user:pw@127.0.0.1:4100/',
      'http://example.com/',
    ])
      expect(isAllowedExternalLink(url, local)).toBe(false);
    // An http service elsewhere is never one the app uses: none of its pages open either.
    const remote = allowedLinks({ baseUrl: 'http://api.example.com' });
    expect(isAllowedExternalLink('http://api.example.com/p/1', remote)).toBe(false);
  });

  it('keeps the window on its own pages', () => {
    expect(navigationDecision(`${APP_ORIGIN}/index.html`, service)).toEqual({ kind: 'stay' });
    expect(navigationDecision(`${APP_ORIGIN}/index.html#settings`, service)).toEqual({
      kind: 'stay',
    });
  });

  it.each(refused)('refuses %j as a navigation and as a new window', (url) => {
    expect(isAllowedExternalLink(url, service)).toBe(false);
    expect(newWindowDecision(url, service)).toEqual({ kind: 'refuse' });
    if (!url.startsWith(`${APP_ORIGIN}/`)) {
      expect(navigationDecision(url, service)).toEqual({ kind: 'refuse' });
      expect(redirectDecision(url)).toEqual({ kind: 'refuse' });
    }
  });

  it('never follows a redirect out of the app, not even to an allowed link', () => {
    expect(redirectDecision(attributionLink)).toEqual({ kind: 'refuse' });
    expect(redirectDecision('https://api.example.com/')).toEqual({ kind: 'refuse' });
    expect(redirectDecision(`${APP_ORIGIN}/index.html`)).toEqual({ kind: 'stay' });
  });

  it('never opens a new window of the app itself', () => {
    expect(newWindowDecision(`${APP_ORIGIN}/index.html`, service)).toEqual({ kind: 'refuse' });
  });

  it('names a refused link by its host only, for the log', () => {
    expect(refusedLinkHost('https://user:pw@login.evil.example/signin?token=abc#x')).toBe(
      'login.evil.example',
    );
    expect(refusedLinkHost('javascript:alert(1)')).toBe('(javascript:)');
    expect(refusedLinkHost('not a url')).toBe('(unreadable)');
  });
});
