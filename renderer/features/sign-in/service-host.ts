/**
 * The host a service address names, as the window shows the service: `photos.example.com` for
 * `https://photos.example.com:8443/oauth`, `[::1]` for `http://[::1]:8080`. The scheme, port,
 * path and any user name or password are left out; an international name stays in the ASCII
 * (punycode) form the address parser gives, which no lookalike letter can pass off as another
 * name. Undefined for no address, or one that is not an http(s) address.
 */
export function serviceHost(address: string | undefined): string | undefined {
  if (address === undefined || !URL.canParse(address)) return undefined;
  const url = new URL(address);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '')
    return undefined;
  // `photos.example.com.` is the same host written fully qualified: show it as people write it.
  return url.hostname.replace(/\.$/, '');
}
