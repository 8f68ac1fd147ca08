import { StringDecoder } from 'node:string_decoder';
import { z } from 'zod';
import type { SocketMessage, SocketRequest } from '../../shared/ipc/socket-protocol';

// The wire format of the owner's local channel: one JSON object per line. After the socket
// connects, the client sends `hello` with the token from the endpoint file; then the same
// `invoke`/`result`/`event` messages as the end-to-end bridge.

/** The first message on a connection: the token proves the caller can read the endpoint file. */
export type HelloMessage = { readonly type: 'hello'; readonly token: string };
/** The owner's answer to a good `hello`. */
export type WelcomeMessage = { readonly type: 'welcome'; readonly pid: number };

export type ClientMessage = HelloMessage | SocketRequest;
export type OwnerMessage = WelcomeMessage | SocketMessage;

/** Longest line either side accepts: a queue of 20 000 photos fits with room to spare. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** The endpoint file (`owner.json`, mode 0600): where the owner listens and its token. */
export const endpointSchema = z
  .object({
    version: z.literal(1),
    pid: z.number().int(),
    address: z.string().min(1),
    token: z.string().min(32),
  })
  .strict();
export type OwnerEndpoint = z.infer<typeof endpointSchema>;

const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string() }),
  z.object({
    type: z.literal('invoke'),
    id: z.number().int(),
    channel: z.string(),
    input: z.unknown(),
  }),
]);

/** A client's message, parsed; undefined for anything else. */
export function parseClientMessage(line: string): z.infer<typeof clientMessageSchema> | undefined {
  try {
    const parsed = clientMessageSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const ownerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), pid: z.number().int() }),
  z.object({
    type: z.literal('result'),
    id: z.number().int(),
    result: z.union([
      z.object({ ok: z.literal(true), value: z.unknown() }),
      z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
    ]),
  }),
  z.object({ type: z.literal('event'), event: z.string(), payload: z.unknown() }),
]);

/** An owner's message, parsed; undefined for anything else. */
export function parseOwnerMessage(line: string): z.infer<typeof ownerMessageSchema> | undefined {
  try {
    const parsed = ownerMessageSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Longest line before the token has been checked: a stranger cannot make the owner buffer. */
export const MAX_HELLO_BYTES = 4096;

/**
 * Splits a byte stream into lines and hands each to `onLine`; a line longer than `maxLine()`
 * calls `onOverflow` instead (the connection is then closed by the caller). UTF-8 is decoded
 * across chunks, so a character split between two reads arrives whole.
 */
export function lineReader(
  onLine: (line: string) => void,
  onOverflow: () => void,
  maxLine: () => number = () => MAX_LINE_BYTES,
) {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return (chunk: Buffer) => {
    pending += decoder.write(chunk);
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() !== '') onLine(line);
      newline = pending.indexOf('\n');
    }
    if (pending.length > maxLine()) {
      pending = '';
      onOverflow();
    }
  };
}
