import { session } from 'electron';
import type { ProxyResolver } from '../http/proxy-routing-dispatcher';

/**
 * The system proxy as Chromium resolves it for a URL (PAC files and WPAD included), for
 * `AppCoreOptions.proxyResolver`. Call after the app is ready. Its answer is parsed elsewhere.
 */
export const electronProxyResolver: ProxyResolver = {
  resolve: (url) => session.defaultSession.resolveProxy(url),
};
