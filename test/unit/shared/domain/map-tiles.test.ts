import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_TILE_URL,
  mapTileOrigin,
  mapTileUrlProblem,
} from '../../../../shared/domain/map-tiles';
import {
  contentSecurityPolicy,
  mapTileImageSources,
} from '../../../../main/desktop/content-security-policy';

describe('map tile addresses', () => {
  it('accepts https anywhere and plain http to this computer only', () => {
    expect(mapTileUrlProblem(DEFAULT_MAP_TILE_URL)).toBeUndefined();
    expect(mapTileUrlProblem('http://127.0.0.1:8123/{z}/{x}/{y}.png')).toBeUndefined();
    expect(mapTileUrlProblem('http://localhost/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(mapTileUrlProblem('http://tiles.example.org/{z}/{x}/{y}.png')).toMatch(
      /must start with https:\/\//,
    );
    expect(mapTileUrlProblem('ftp://tiles.example.org/{z}/{x}/{y}.png')).toMatch(/https:\/\//);
  });

  it('says which placeholders are missing', () => {
    expect(mapTileUrlProblem('https://tiles.example.org/{z}/{x}.png')).toBe(
      'The map tile address must contain {z}, {x} and {y}; it lacks {y}.',
    );
    expect(mapTileUrlProblem('')).toMatch(/1 to 500 characters/);
  });

  it('refuses what is not an address, credentials, and hosts that could break the policy', () => {
    expect(mapTileUrlProblem('tiles/{z}/{x}/{y}.png')).toMatch(/not a web address/);
    expect(mapTileUrlProblem('https://me:pw@tiles.example.org/{z}/{x}/{y}.png')).toMatch(
      /user name or password/,
    );
    expect(mapTileUrlProblem("https://a;script-src'unsafe-inline'/{z}/{x}/{y}.png")).toMatch(
      /letters, digits, dots and dashes/,
    );
  });

  it('gives the origin of a good template only', () => {
    expect(mapTileOrigin(DEFAULT_MAP_TILE_URL)).toBe('https://tile.openstreetmap.org');
    expect(mapTileOrigin('http://127.0.0.1:8123/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8123');
    expect(mapTileOrigin('http://evil.example/{z}/{x}/{y}.png')).toBeUndefined();
  });
});

describe("the window's image sources", () => {
  it('allow OpenStreetMap by default and only the configured origin once set', () => {
    expect(mapTileImageSources({})).toEqual(['https://tile.openstreetmap.org']);
    const policy = contentSecurityPolicy({
      images: mapTileImageSources({ mapTileUrl: 'https://maps.example.com/t/{z}/{x}/{y}.png' }),
      connect: [],
    });
    expect(policy).toContain("img-src 'self' blob: https://maps.example.com;");
    expect(policy).not.toContain('openstreetmap');
    // The map's worker runs from the app itself; workers are named, not left to script-src.
    expect(policy).toContain("worker-src 'self';");
  });
});
