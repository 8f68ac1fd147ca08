import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  isVettedExternalLink,
  navigationDecision,
  newWindowDecision,
  redirectDecision,
} from '../../../../main/core/navigation-rules';
import { TILE_ATTRIBUTION } from '../../../../renderer/features/map/map-words';

/** The one link the map's attribution carries (Leaflet renders it as a plain `<a href>`). */
const attributionLink = /href="([^"]+)"/.exec(TILE_ATTRIBUTION)?.[1] ?? '';

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
  'not a url',
  '',
];

describe('links that go out of the window', () => {
  it('opens the map attribution link in the browser when it is clicked (a navigation)', () => {
    expect(attributionLink).toBe('https://www.openstreetmap.org/copyright');
    expect(navigationDecision(attributionLink)).toEqual({
      kind: 'open-in-browser',
      url: attributionLink,
    });
  });

  it('opens a vetted https link asked for as a new window in the browser', () => {
    expect(newWindowDecision('https://example.com/help')).toEqual({
      kind: 'open-in-browser',
      url: 'https://example.com/help',
    });
  });

  it('keeps the window on its own pages', () => {
    expect(navigationDecision(`${APP_ORIGIN}/index.html`)).toEqual({ kind: 'stay' });
    expect(navigationDecision(`${APP_ORIGIN}/index.html#settings`)).toEqual({ kind: 'stay' });
  });

  it.each(refused)('refuses %j as a navigation and as a new window', (url) => {
    expect(isVettedExternalLink(url)).toBe(false);
    expect(newWindowDecision(url)).toEqual({ kind: 'refuse' });
    if (!url.startsWith(`${APP_ORIGIN}/`)) {
      expect(navigationDecision(url)).toEqual({ kind: 'refuse' });
      expect(redirectDecision(url)).toEqual({ kind: 'refuse' });
    }
  });

  it('never follows a redirect out of the app, not even to a vetted link', () => {
    expect(redirectDecision(attributionLink)).toEqual({ kind: 'refuse' });
    expect(redirectDecision(`${APP_ORIGIN}/index.html`)).toEqual({ kind: 'stay' });
  });

  it('never opens a new window of the app itself', () => {
    expect(newWindowDecision(`${APP_ORIGIN}/index.html`)).toEqual({ kind: 'refuse' });
  });
});
