import type { Words } from '../i18n/translator';
import { englishFor, words } from '../i18n/words';
import { isLoopbackHostname } from './secure-address';

/**
 * The WHATWG URL parser, which every runtime of the app has (Node, Chromium); shared/ compiles
 * without Node or DOM types, so only the part used here is declared (as secure-address.ts does).
 */
declare const URL: {
  canParse(input: string): boolean;
  new (input: string): {
    readonly protocol: string;
    readonly hostname: string;
    readonly origin: string;
    readonly username: string;
    readonly password: string;
  };
};

/** The map's tiles by default: OpenStreetMap's standard tiles. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The longest tile address template accepted (a generous bound, so settings stay small). */
export const MAX_MAP_TILE_URL_LENGTH = 500;

/**
 * Why `template` cannot be the map's tile address, in English (the command line's and the logs');
 * undefined when it can. It must be https (or http to this computer only, for a local tile server), hold `{z}`,
 * `{x}` and `{y}`, and carry no user name or password (they would reach the window's policy).
 */
export function mapTileUrlProblem(template: string): string | undefined {
  const problem = mapTileUrlProblemWords(template);
  return problem === undefined ? undefined : englishFor(problem);
}

/** Why `template` is no usable tile address, in words for any language; undefined when it is. */
export function mapTileUrlProblemWords(template: string): Words | undefined {
  const trimmed = template.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_MAP_TILE_URL_LENGTH)
    return words('error.mapTiles.length', { max: MAX_MAP_TILE_URL_LENGTH });
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !trimmed.includes(part));
  // The placeholders are written as the address has them, in every language.
  if (missing.length > 0) return words('error.mapTiles.placeholders', { missing });
  // The placeholders are not valid in every part of an address: parse with numbers in place.
  const filled = withPlaceholdersFilled(trimmed);
  if (!URL.canParse(filled)) return words('error.mapTiles.notAddress');
  const url = new URL(filled);
  if (url.username !== '' || url.password !== '') return words('error.mapTiles.credentials');
  // The origin goes into the window's policy as it is: letters, digits, dots and dashes only
  // (or a bracketed IPv6 address), so no character of it can end or add a directive.
  if (!/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/.test(url.hostname)) return words('error.mapTiles.host');
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHostname(url.hostname)) return undefined;
  return words('error.mapTiles.https');
}

function withPlaceholdersFilled(template: string): string {
  return template.replaceAll('{z}', '0').replaceAll('{x}', '0').replaceAll('{y}', '0');
}

/**
 * The origin (scheme, host and port) tiles come from, for the window's Content-Security-Policy;
 * undefined for a template that `mapTileUrlProblem` refuses, so a bad value never widens the policy.
 */
export function mapTileOrigin(template: string): string | undefined {
  if (mapTileUrlProblem(template) !== undefined) return undefined;
  return new URL(withPlaceholdersFilled(template.trim())).origin;
}
