/** The computer's own IANA zone: the default assumption for photos nothing else places. */
export function computerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
