import { TILE_ATTRIBUTION_LINKS } from '../../../shared/domain/map-attribution';
import { catalogFor } from '../../../shared/i18n/catalogs';

/** `text` safe inside HTML. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * OpenStreetMap's required attribution, shown on the map whatever the tiles, with `contributors`
 * in the window's language (the `map.attribution` message). Its link is a plain `<a href>`:
 * clicking it is a navigation, which main turns into the user's browser opening it (see
 * `navigationDecision`, which allows the links of `TILE_ATTRIBUTION_LINKS` and no others).
 */
export function tileAttribution(contributors: string): string {
  return `&copy; <a href="${TILE_ATTRIBUTION_LINKS.copyright}">${escapeHtml(contributors)}</a>`;
}

/** The attribution in English. */
export const TILE_ATTRIBUTION = tileAttribution(catalogFor('en')['map.attribution']);
