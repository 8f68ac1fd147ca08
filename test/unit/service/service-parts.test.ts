import { describe, expect, it } from 'vitest';
import { FaultRules } from '../../../service/admin/fault-rules';
import { RateLimiter } from '../../../service/api/rate-limiter';
import { ServiceClock } from '../../../service/clock';
import { DEFAULT_OPTIONS, OptionsError, parseServiceArgs } from '../../../service/options';
import { isNonPublicAddress } from '../../../service/processing/safe-fetch';

describe('RateLimiter', () => {
  const limits = { enabled: true, windowMs: 60_000, writes: 3, reads: 5 };

  it('allows `writes` per sliding window per grant and says when the next one fits', () => {
    const clock = new ServiceClock();
    const limiter = new RateLimiter(clock, limits);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.take('g', 'write').allowed).toBe(true);
      clock.advance(10_000);
    }
    expect(limiter.take('g', 'write')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.take('other', 'write').allowed).toBe(true);
    expect(limiter.take('g', 'read').allowed).toBe(true);
    clock.advance(30_001);
    expect(limiter.take('g', 'write').allowed).toBe(true);
    expect(limiter.take('g', 'write').allowed).toBe(false);
  });

  it('is a sliding window: a burst straddling a minute boundary is still refused', () => {
    const clock = new ServiceClock();
    const limiter = new RateLimiter(clock, limits);
    clock.advance(59_000);
    for (let i = 0; i < 3; i += 1) limiter.take('g', 'write');
    clock.advance(2_000);
    expect(limiter.take('g', 'write').allowed).toBe(false);
  });

  it('allows everything when disabled', () => {
    const limiter = new RateLimiter(new ServiceClock(), { ...limits, enabled: false });
    for (let i = 0; i < 10; i += 1) expect(limiter.take('g', 'write').allowed).toBe(true);
  });
});

describe('FaultRules', () => {
  const rule = { route: 'POST /x', action: 'status', status: 503, probability: 1 } as const;

  it('applies a rule `times` times to its route only', () => {
    const rules = new FaultRules();
    rules.add([{ ...rule, times: 2 }]);
    expect(rules.draw('GET /x')).toBeUndefined();
    expect(rules.draw('POST /x')?.status).toBe(503);
    expect(rules.draw('POST /x')?.status).toBe(503);
    expect(rules.draw('POST /x')).toBeUndefined();
    expect(rules.list()).toEqual([]);
  });

  it('draws with the given probability', () => {
    const draws = [0.1, 0.9, 0.3];
    const rules = new FaultRules(() => draws.shift() ?? 1);
    rules.add([{ ...rule, probability: 0.5 }]);
    expect(rules.draw('POST /x')).toBeDefined();
    expect(rules.draw('POST /x')).toBeUndefined();
    expect(rules.draw('POST /x')).toBeDefined();
  });
});

describe('isNonPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.16.4.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '192.0.2.1',
    'garbage',
  ])('treats %s as non-public', (address) => expect(isNonPublicAddress(address)).toBe(true));

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111'])('treats %s as public', (address) =>
    expect(isNonPublicAddress(address)).toBe(false),
  );
});

describe('parseServiceArgs', () => {
  it('defaults to a strict service on a free loopback port', () => {
    expect(parseServiceArgs([])).toEqual(DEFAULT_OPTIONS);
    expect(DEFAULT_OPTIONS).toMatchObject({
      host: '127.0.0.1',
      port: 0,
      rotation: 'immediate',
      rateLimit: true,
      retryAfter: false,
      allowPrivateFetch: false,
      admin: false,
    });
  });

  it('maps every option', () => {
    const options = parseServiceArgs([
      '--port',
      '8123',
      '--auto-approve',
      '--admin',
      '--rotation',
      'on-first-use',
      '--access-token-ttl',
      '5',
      '--rate-limit',
      'off',
      '--rate-window-ms',
      '2000',
      '--retry-after',
      'on',
      '--allow-private-fetch',
      '--with-s3',
      '--tls',
      '--redirect-uri',
      'http://127.0.0.1/alt',
      '--redirect-uri',
      'org.example.other:/cb',
      '--minimal-answers',
    ]);
    expect(options).toMatchObject({
      port: 8123,
      autoApprove: true,
      admin: true,
      rotation: 'on-first-use',
      accessTokenTtlSeconds: 5,
      rateLimit: false,
      rateWindowMs: 2000,
      retryAfter: true,
      allowPrivateFetch: true,
      withS3: true,
      tls: true,
      extraRedirectUris: ['http://127.0.0.1/alt', 'org.example.other:/cb'],
      minimalAnswers: true,
    });
  });

  it('refuses bad values with a message naming the option', () => {
    expect(() => parseServiceArgs(['--rotation', 'never'])).toThrow(OptionsError);
    expect(() => parseServiceArgs(['--access-token-ttl', '0'])).toThrow(/--access-token-ttl/);
    expect(() => parseServiceArgs(['--rate-limit', 'maybe'])).toThrow(/--rate-limit/);
    expect(() => parseServiceArgs(['--host', '0.0.0.0'])).toThrow(/loopback/);
    expect(() => parseServiceArgs(['--redirect-uri', 'relative/path'])).toThrow(/absolute/);
    expect(() => parseServiceArgs(['--bogus'])).toThrow();
  });
});
