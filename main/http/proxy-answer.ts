/** Where one request goes: straight to the server, or through a proxy at `uri`. */
export type ProxyRoute =
  { readonly kind: 'direct' } | { readonly kind: 'proxy'; readonly uri: string };

/** A route, plus the entries of the answer this app cannot use (for a log line). */
export type ParsedProxyAnswer = {
  readonly route: ProxyRoute;
  readonly unsupported: readonly string[];
};

/**
 * Turns Chromium's answer for a URL (what a PAC file returns, e.g. `PROXY h:p; DIRECT`) into a
 * route: the first entry this app can use, in the order given. `PROXY` and `HTTP` are http
 * proxies, `HTTPS` an https one; SOCKS entries and anything unknown are skipped. An empty answer,
 * or one with nothing usable, is `DIRECT`, as Chromium falls back when every proxy fails.
 */
export function parseProxyAnswer(answer: string): ParsedProxyAnswer {
  const unsupported: string[] = [];
  for (const entry of answer.split(';')) {
    const [keyword = '', address, ...extra] = entry.trim().split(/\s+/);
    const type = keyword.toUpperCase();
    if (type === '') continue;
    if (type === 'DIRECT' && address === undefined)
      return { route: { kind: 'direct' }, unsupported };
    const scheme = type === 'PROXY' || type === 'HTTP' ? 'http' : type === 'HTTPS' ? 'https' : '';
    const uri = scheme && address && extra.length === 0 ? proxyUri(scheme, address) : undefined;
    if (uri === undefined) unsupported.push(entry.trim());
    else return { route: { kind: 'proxy', uri }, unsupported };
  }
  return { route: { kind: 'direct' }, unsupported };
}

/** `scheme://host:port` for a `host:port` entry, or undefined when it is not one. */
function proxyUri(scheme: string, address: string): string | undefined {
  const candidate = `${scheme}://${address}`;
  if (!URL.canParse(candidate)) return undefined;
  const url = new URL(candidate);
  const plain =
    url.username === '' && url.password === '' && url.pathname === '/' && url.search === '';
  // The port must be given (Chromium always does); the origin drops it when it is the default.
  return plain && url.hostname !== '' && /:\d+$/.test(address) ? url.origin : undefined;
}
