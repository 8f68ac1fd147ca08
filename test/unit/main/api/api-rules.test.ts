import { describe, expect, it } from 'vitest';
import { words } from '../../../../shared/i18n/words';
import { ApiError, classify, parseRetryAfter } from '../../../../main/api/api-errors';
import { parseList, photoListItemSchema, photoSchema } from '../../../../main/api/api-schemas';
import { backoffMs, RateBucket } from '../../../../main/api/pacing';
import { AuthRequiredError } from '../../../../main/auth/auth-errors';
import { NetworkError } from '../../../../main/http/network-error';

const photo = {
  id: 'p1',
  project_id: 'pr1',
  processing_status: 'processed',
  hash: 'abc',
  captured_at: 100,
  coordinates: { lat: 1, lon: 2 },
  description: 'x',
  internal: false,
};

describe('photo schema', () => {
  it('accepts a bare and a wrapped photo', () => {
    expect(photoSchema.parse(photo).id).toBe('p1');
    expect(photoSchema.parse({ photo }).id).toBe('p1');
  });

  it('accepts coordinates as an array of one, and a description object', () => {
    const variant = photoSchema.parse({
      ...photo,
      id: 7,
      coordinates: [{ lat: 3, lon: 4 }],
      description: { id: 9, html_content: '<p>y</p>', plain_text_content: 'y' },
    });
    expect(variant).toMatchObject({
      id: '7',
      coordinates: { lat: 3, lon: 4 },
      description: '<p>y</p>',
    });
    expect(photoSchema.parse({ ...photo, coordinates: null, description: null })).toMatchObject({
      coordinates: null,
      description: '',
    });
  });

  it('reads a missing or unknown processing status as unknown, never as processed, and refuses what has no id', () => {
    expect(
      photoSchema.parse({ ...photo, processing_status: 'queued-for-ai' }).processing_status,
    ).toBe('unknown');
    expect(photoSchema.parse({ id: 'p1' }).processing_status).toBe('unknown');
    expect(photoSchema.safeParse({ processing_status: 'processed' }).success).toBe(false);
    expect(photoSchema.safeParse({ id: '' }).success).toBe(false);
    expect(parseList([photo, { ...photo, id: 'p2' }], photoListItemSchema)?.items).toHaveLength(2);
  });
});

describe('classify', () => {
  it('never fails an item for 429, 5xx or the network', () => {
    expect(classify(new ApiError(429, [], 3000))).toEqual({ kind: 'retry', afterMs: 3000 });
    expect(classify(new ApiError(503, [], undefined))).toEqual({
      kind: 'retry',
      afterMs: undefined,
    });
    expect(classify(new NetworkError('down', 'ECONNREFUSED'))).toEqual({
      kind: 'wait-for-network',
    });
  });

  it('waits for sign-in on 401 and a lost session, and hands refusals to the user with a reason', () => {
    expect(classify(new ApiError(401, [], undefined))).toEqual({ kind: 'wait-for-sign-in' });
    expect(classify(new AuthRequiredError('x'))).toEqual({ kind: 'wait-for-sign-in' });
    expect(classify(new ApiError(404, ['Record not found'], undefined))).toMatchObject({
      kind: 'needs-user',
      reason: words('reason.service.notFound'),
    });
    expect(classify(new ApiError(422, ['uri must be…'], undefined))).toMatchObject({
      kind: 'needs-user',
      reason: words('reason.service.refusedWithDetails', { status: 422, details: 'uri must be…' }),
    });
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('7', 0)).toBe(7000);
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(10_000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});

describe('RateBucket', () => {
  it('never lets more than the limit through in any sliding window', async () => {
    const limit = { limit: 20, windowMs: 400 };
    const bucket = new RateBucket({ now: () => Date.now() }, limit);
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 60 }, async () => {
        await bucket.take();
        times.push(Date.now());
      }),
    );
    times.sort((a, b) => a - b);
    for (let index = 0; index < times.length; index += 1) {
      const inWindow = times.filter(
        (time) => time > times[index]! - limit.windowMs && time <= times[index]!,
      ).length;
      expect(inWindow).toBeLessThanOrEqual(limit.limit);
    }
    // And it runs close to the limit: 60 requests in about 40 windows' worth… not much more.
    expect(times.at(-1)! - times[0]!).toBeLessThan(2 * 400 * 3);
  });

  it('stops until a Retry-After has passed', async () => {
    const bucket = new RateBucket({ now: () => Date.now() }, { limit: 100, windowMs: 1000 });
    bucket.blockFor(300);
    const started = Date.now();
    await bucket.take();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffMs(0, () => 0.999)).toBeLessThan(1000);
    expect(backoffMs(3, () => 0.999)).toBeLessThan(8000);
    expect(backoffMs(3, () => 0.999)).toBeGreaterThan(7000);
    expect(backoffMs(30, () => 0.999)).toBeLessThanOrEqual(60_000);
    expect(backoffMs(5, () => 0)).toBe(0);
  });
});
