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
 * Why `template` cannot be the map's tile address, in a sentence for the user; undefined when it
 * can. It must be https (or http to this computer only, for a local tile server), hold `{z}`,
 * `{x}` and `{y}`, and carry no user name or password (they would reach the window's policy).
 */
export function mapTileUrlProblem(template: string): string | undefined {
  const trimmed = template.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_MAP_TILE_URL_LENGTH)
    return `The map tile address must be 1 to ${MAX_MAP_TILE_URL_LENGTH} characters long.`;
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !trimmed.includes(part));
  if (missing.length > 0)
    return `The map tile address must contain {z}, {x} and {y}; it lacks ${missing.join(', ')}.`;
  // The placeholders are not valid in every part of an address: parse with numbers in place.
  const filled = withPlaceholdersFilled(trimmed);
  if (!URL.canParse(filled))
    return 'The map tile address is not a web address (it should look like https://tile.example.org/{z}/{x}/{y}.png).';
  const url = new URL(filled);
  if (url.username !== '' || url.password !== '')
    return 'The map tile address must not contain a user name or password.';
  // The origin goes into the window's policy as it is: letters, digits, dots and dashes only
  // (or a bracketed IPv6 address), so no character of it can end or add a directive.
  if (!/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/.test(url.hostname))
    return 'The map tile address must name its server with letters, digits, dots and dashes only.';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHostname(url.hostname)) return undefined;
  return 'The map tile address must start with https:// (plain http:// only to this computer: localhost or 127.0.0.1).';
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
