import { TILE_ATTRIBUTION_LINKS } from '../../../shared/domain/map-attribution';

/**
 * OpenStreetMap's required attribution, shown on the map whatever the tiles. Its link is a plain
 * `<a href>`: clicking it is a navigation, which main turns into the user's browser opening it
 * (see `navigationDecision`, which allows the links of `TILE_ATTRIBUTION_LINKS` and no others).
 */
export const TILE_ATTRIBUTION = `&copy; <a href="${TILE_ATTRIBUTION_LINKS.copyright}">OpenStreetMap contributors</a>`;

/** A count as the map shows it: "1,234" in the user's locale. */
export function formatCount(count: number): string {
  return new Intl.NumberFormat().format(count);
}
