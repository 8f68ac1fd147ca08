import { printable } from '../../shared/domain/printable-text';
import type { Words } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';
import { isKnownZone } from '../media/capture-time';

// How a setting's value is cleaned and checked beyond its schema, the same for every way it
// arrives: the window's Settings, the command line, a setup file.

/** A service address as settings keep it: without trailing slashes. */
export const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** A map tile address as settings keep it: without the spaces a paste brings along. */
export const cleanTileUrl = (template: string): string => template.trim();

/**
 * A setting's value as settings keep it: the service addresses without trailing slashes, the
 * tile address without surrounding spaces, any other value as it is.
 */
export function cleanedSettingValue(name: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (name === 'authUrl' || name === 'baseUrl') return withoutTrailingSlash(value);
  if (name === 'mapTileUrl') return cleanTileUrl(value);
  return value;
}

/** Why `zone` cannot be the assumed zone, in English; undefined for an IANA zone this app knows. */
export function zoneProblem(zone: string): string | undefined {
  const problem = zoneProblemWords(zone);
  return problem === undefined ? undefined : englishFor(problem);
}

/** Why `zone` cannot be the assumed zone, in words for any language (`zone` shown short). */
export function zoneProblemWords(zone: string): Words | undefined {
  if (isKnownZone(zone)) return undefined;
  return words('error.zone.unknown', { zone: shownZone(zone) });
}

/** A zone as a message quotes it: printable and short. */
export function shownZone(zone: string): string {
  const shown = printable(zone);
  return shown.length > 60 ? `${shown.slice(0, 59)}…` : shown;
}
