import type { Dispatcher } from 'undici';

/** The largest JSON answer read; anything larger is not an answer this app expects. */
const MAX_JSON_BYTES = 5 * 1024 * 1024;

/**
 * Reads a response body as JSON. Returns `undefined` for an empty, oversized or non-JSON body
 * (real servers send HTML error pages and empty 401s); never throws on bad content.
 */
export async function readJson(body: Dispatcher.ResponseData['body']): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) {
      body.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
