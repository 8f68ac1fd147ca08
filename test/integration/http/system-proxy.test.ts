import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAgent, type HttpAgent } from '../../../main/http/http-agent';
import type { ProxyResolver } from '../../../main/http/proxy-routing-dispatcher';
import { trustedCertificates } from '../../../main/http/trusted-certificates';
import { silentLogger } from '../../../main/logging/logger';
import {
  createLoopbackCertificate,
  type LoopbackCertificate,
} from '../../../service/tls-certificate';
import { type CountingProxy, startCountingProxy } from '../../support/counting-proxy';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the app follows the system proxy per URL (the resolver Electron gives)', () => {
  let proxy: CountingProxy;
  let certificate: LoopbackCertificate;
  let plain: Server;
  let secure: Server;
  let plainHost: string;
  let secureHost: string;
  let agent: HttpAgent;

  beforeAll(async () => {
    proxy = await startCountingProxy();
    certificate = await createLoopbackCertificate();
    plain = createHttpServer((_request, answer) => answer.end('plain'));
    secure = createHttpsServer({ cert: certificate.cert, key: certificate.key }, (_r, answer) =>
      answer.end('secure'),
    );
    plainHost = await listen(plain);
    secureHost = await listen(secure);
    const proxyAnswer = `PROXY ${new URL(proxy.url).host}; DIRECT`;
    // Like a PAC file: the https server through the proxy, the http one through it too, and
    // a third (the same http server by another name) direct.
    const resolver: ProxyResolver = {
      resolve: (url) =>
        Promise.resolve(new URL(url).hostname === 'localhost' ? 'DIRECT' : proxyAnswer),
    };
    agent = createHttpAgent({
      proxy: { kind: 'system', resolver, logger: silentLogger },
      ca: trustedCertificates(certificate.caFile, silentLogger),
    });
  });
  afterAll(async () => {
    await agent?.close();
    await proxy?.close();
    plain?.close();
    secure?.close();
    await certificate?.remove();
  });

  it('sends https through the proxy by CONNECT, trusting the CA file', async () => {
    const answer = await request(`https://${secureHost}/`, { dispatcher: agent });
    expect(await answer.body.text()).toBe('secure');
    expect(proxy.tunnels.get(secureHost)).toBe(1);
  });

  it('forwards plain http through the proxy and goes direct where the answer says DIRECT', async () => {
    const viaProxy = await request(`http://${plainHost}/a`, { dispatcher: agent });
    expect(await viaProxy.body.text()).toBe('plain');
    expect(proxy.forwarded.get(plainHost)).toBe(1);
    const port = plainHost.split(':')[1];
    const direct = await request(`http://localhost:${port}/b`, { dispatcher: agent });
    expect(await direct.body.text()).toBe('plain');
    expect(proxy.forwarded.get(`localhost:${port}`)).toBeUndefined();
    expect(proxy.forwarded.get(plainHost)).toBe(1);
  });
});
