/** A count as the map shows it: "1,234" in the user's locale. */
export function formatCount(count: number): string {
  return new Intl.NumberFormat().format(count);
}
