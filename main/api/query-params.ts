/** A query parameter's value; `undefined` means "not asked for". */
export type QueryValue = string | number | undefined;

/**
 * The query string (without `?`) of the parameters that have a value. A parameter with none
 * (undefined, an empty string, or a number that is not finite) is left out, never sent empty:
 * the vendor's document types these parameters, and `end_date=` or `end_date=NaN` is an invalid
 * value to a strict server (400), or a bound of 0 to a lenient one (an empty list, read as "no
 * copy on the service").
 */
export function queryParams(params: Readonly<Record<string, QueryValue>>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    search.set(name, String(value));
  }
  return search.toString();
}
