import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../shared/domain/escape-html';

/** What the browser tab shows after the redirect lands, and the language it is in (a BCP 47 tag). */
export type CallbackPage = {
  readonly lang: string;
  readonly title: string;
  readonly message: string;
};

function page({ lang, title, message }: CallbackPage): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;background:#f4f6f8;color:#1d2733}main{background:#fff;padding:32px 40px;border-radius:8px;box-shadow:0 1px 3px #0002;max-width:32rem}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

/**
 * The loopback redirect of RFC 8252 §7.3: `http://127.0.0.1:<ephemeral port>/callback`, listening
 * only while a sign-in waits. Each request to `/callback` is handed to `onCallback`, whose answer
 * becomes a small page telling the user the tab can be closed.
 */
export class LoopbackReceiver {
  private constructor(
    private readonly server: Server,
    /** The redirect URI to put in the authorization request. */
    readonly redirectUri: string,
  ) {}

  /**
   * @param onCallback answers a callback with the page to show.
   * @param broken the page shown when answering failed.
   */
  static async start(
    onCallback: (query: URLSearchParams) => Promise<CallbackPage>,
    broken: () => CallbackPage,
  ): Promise<LoopbackReceiver> {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method !== 'GET' || url.pathname !== '/callback') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      const send = (content: CallbackPage) =>
        response
          .writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-store',
            'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
            'referrer-policy': 'no-referrer',
          })
          .end(page(content));
      onCallback(url.searchParams).then(send, () => send(broken()));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return new LoopbackReceiver(server, `http://127.0.0.1:${port}/callback`);
  }

  /** Stops listening and drops open connections. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
