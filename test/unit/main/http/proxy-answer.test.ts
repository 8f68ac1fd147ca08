import { describe, expect, it } from 'vitest';
import { parseProxyAnswer } from '../../../../main/http/proxy-answer';

describe('parseProxyAnswer (Chromium/PAC answers)', () => {
  it.each([
    ['DIRECT', { kind: 'direct' }],
    ['', { kind: 'direct' }],
    ['PROXY proxy.corp:8080', { kind: 'proxy', uri: 'http://proxy.corp:8080' }],
    ['PROXY proxy.corp:8080; DIRECT', { kind: 'proxy', uri: 'http://proxy.corp:8080' }],
    ['  proxy 10.0.0.1:3128 ;DIRECT', { kind: 'proxy', uri: 'http://10.0.0.1:3128' }],
    ['HTTP proxy.corp:80', { kind: 'proxy', uri: 'http://proxy.corp' }],
    ['HTTPS secure.corp:443', { kind: 'proxy', uri: 'https://secure.corp' }],
    ['HTTPS secure.corp:8443', { kind: 'proxy', uri: 'https://secure.corp:8443' }],
    ['PROXY [::1]:8080', { kind: 'proxy', uri: 'http://[::1]:8080' }],
    ['DIRECT; PROXY proxy.corp:8080', { kind: 'direct' }],
  ])('%j → %j', (answer, route) => {
    expect(parseProxyAnswer(answer).route).toEqual(route);
  });

  it('skips SOCKS entries (unsupported) and takes the next usable one, naming what it skipped', () => {
    expect(parseProxyAnswer('SOCKS5 socks.corp:1080; PROXY proxy.corp:8080; DIRECT')).toEqual({
      route: { kind: 'proxy', uri: 'http://proxy.corp:8080' },
      unsupported: ['SOCKS5 socks.corp:1080'],
    });
  });

  it('falls back to direct when nothing is usable, as Chromium does after every proxy failed', () => {
    expect(parseProxyAnswer('SOCKS socks.corp:1080; SOCKS4 s:1')).toEqual({
      route: { kind: 'direct' },
      unsupported: ['SOCKS socks.corp:1080', 'SOCKS4 s:1'],
    });
  });

  it('refuses entries without a port, with a path or credentials, or with extra words', () => {
    for (const entry of [
      'PROXY proxy.corp',
      'PROXY user:pw@proxy.corp:8080',
      'PROXY proxy.corp:8080/x',
      'PROXY a:1 b:2',
      'PROXY',
      'FTP x:21',
    ])
      expect(parseProxyAnswer(entry), entry).toEqual({
        route: { kind: 'direct' },
        unsupported: [entry],
      });
  });
});
