/**
 * The address of a photo's page on the service as the queue may link it: an absolute http(s) URL
 * without credentials, else none. Main sends only pages it would open (the configured service's
 * own origins) and decides again when the link is followed; this keeps a `javascript:` or `data:`
 * address out of an `href` even if one ever came across the bridge.
 */
export function photoLink(address: string | undefined): string | undefined {
  if (address === undefined || !URL.canParse(address)) return undefined;
  const url = new URL(address);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return url.href;
}
