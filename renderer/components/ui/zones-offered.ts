/** Every zone Intl knows, by its IANA id. */
const ZONES = Intl.supportedValuesOf('timeZone');

/**
 * The zones offered when `zone` is the one held: every zone Intl lists, and `zone` first when
 * this Intl does not list it (`UTC` often is not), so a saved zone is always shown.
 */
export function zonesOffered(zone: string, listed: readonly string[] = ZONES): readonly string[] {
  return listed.includes(zone) ? listed : [zone, ...listed];
}
