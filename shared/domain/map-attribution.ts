/**
 * The links of the map's attribution (OpenStreetMap's required credit). The window builds its
 * attribution from these, and main opens exactly these in the user's browser (see
 * `main/core/navigation-rules.ts`): one list, so the two cannot drift apart.
 */
export const TILE_ATTRIBUTION_LINKS = {
  copyright: 'https://www.openstreetmap.org/copyright',
} as const;
