import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../shared/domain/escape-html';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1d2733; background: #f4f6f8; }
  main { max-width: 960px; margin: 0 auto; padding: 24px; }
  h1 { font-size: 1.5rem; } .card { background: #fff; border-radius: 8px; padding: 16px 20px; margin: 12px 0; box-shadow: 0 1px 3px #0002; }
  button { font: inherit; padding: 8px 20px; border-radius: 6px; border: 1px solid #1f5fa8; cursor: pointer; }
  button.approve { background: #1f5fa8; color: #fff; } button.deny { background: #fff; color: #1f5fa8; }
  .photos { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 12px; }
  .photo img, .placeholder { width: 100%; height: 150px; object-fit: cover; background: #dde3e9; border-radius: 4px; }
  .placeholder { display: flex; align-items: center; justify-content: center; color: #4a5866; font-size: 0.9rem; }
  .meta { font-size: 0.8rem; color: #4a5866; } .status { font-weight: 600; }
  a { color: #1f5fa8; }`;

/** A complete HTML page with the service's look. `body` must already be escaped. */
export function renderPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** Sends a page with a strict Content-Security-Policy and no framing. */
export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    )
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .send(html);
}
