import { DEFAULT_MAP_TILE_URL, mapTileOrigin } from '../../shared/domain/map-tiles';

/**
 * The one inline style the window allows, by its hash: React Aria's pressable rule
 * (`touch-action` on its buttons, put in a `<style>` by `usePress`). Its text is fixed; a test
 * hashes the text of the installed react-aria, so an upgrade that changes it fails there.
 */
export const REACT_ARIA_PRESSABLE_STYLE_HASH =
  'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o=';

/**
 * The window's Content-Security-Policy: its own scripts, workers and styles only, no inline code, no
 * plugins, no frames, no forms posting away; images from the app and `allow.images` (the
 * app's `thumb:` scheme, which also carries the service's renditions fetched by main, and the
 * map's one tile origin: see `mapTileImageSources`); connections only where the transport needs
 * them.
 */
export function contentSecurityPolicy(allow: {
  readonly images: readonly string[];
  readonly connect: readonly string[];
}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    // The map's worker (map-worker.js beside main.js). Named, not left to fall back to
    // script-src, so that widening scripts could never widen workers too; no blob: workers.
    "worker-src 'self'",
    `style-src 'self' '${REACT_ARIA_PRESSABLE_STYLE_HASH}'`,
    `img-src 'self' blob: ${allow.images.join(' ')}`.trim(),
    `connect-src 'self' ${allow.connect.join(' ')}`.trim(),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Where the window may load images from besides itself, from the saved settings: the map's tile
 * origin (OpenStreetMap's unless `mapTileUrl` says otherwise) and nothing else remote. Read on
 * every page load, so a changed tile address applies when the window is next loaded.
 */
export function mapTileImageSources(saved: { readonly mapTileUrl?: string | undefined }): string[] {
  const origin = mapTileOrigin(saved.mapTileUrl ?? DEFAULT_MAP_TILE_URL);
  return origin === undefined ? [] : [origin];
}
