import { describe, expect, it } from 'vitest';
import {
  InsecureAddressError,
  insecureAddressReason,
  isLoopbackHostname,
  MAX_ADDRESS_LENGTH,
  requireSecureAddress,
  secureAddressSchema,
} from '../../../../shared/domain/secure-address';

describe('requireSecureAddress', () => {
  it.each([
    'https://photos.example.com',
    'https://auth.example.com:8443/oauth/token',
    'https://93.184.216.34/x',
    'https://[2001:db8::1]/',
  ])('accepts https anywhere: %s', (address) => {
    expect(requireSecureAddress(address)).toBe(address);
  });

  it.each([
    'http://127.0.0.1:8080/oauth/token',
    'http://127.0.0.1',
    'http://127.255.255.254/x',
    'http://127.1.2.3:9000',
    'http://[::1]/',
    'http://[::1]:4000/api',
    'http://localhost',
    'http://localhost:3000/',
    'http://LOCALHOST:3000/',
    // The WHATWG parser reads these as 127.0.0.1, as the HTTP client does.
    'http://0x7f.1/',
    'http://2130706433/',
  ])('accepts plain http on this computer: %s', (address) => {
    expect(requireSecureAddress(address)).toBe(address);
  });

  it('refuses plain http to another computer, naming the address', () => {
    expect(() => requireSecureAddress('http://photos.example.com/site/')).toThrow(
      new InsecureAddressError(
        'The address http://photos.example.com is not secure: use https (plain http is allowed only on this computer, 127.0.0.1 or localhost)',
      ),
    );
  });

  it.each([
    'http://128.0.0.1/',
    'http://10.0.0.5:9000',
    'http://192.168.1.20/',
    'http://[::2]/',
    'http://[::ffff:127.0.0.1]/',
    'http://localhost.example.com/',
    'http://127.0.0.1.nip.io/',
    'http://example.com\\@127.0.0.1/',
    'http://0.0.0.0:8080/',
  ])('refuses plain http to anything else: %s', (address) => {
    expect(() => requireSecureAddress(address)).toThrow(/is not secure: use https/);
  });

  it.each([
    'ftp://files.example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'ws://127.0.0.1/',
  ])('refuses other schemes: %s', (address) => {
    expect(() => requireSecureAddress(address)).toThrow(InsecureAddressError);
  });

  it('refuses what is not an address', () => {
    expect(insecureAddressReason('photos.example.com')).toBe(
      'This is not a web address (such as https://photos.example.com)',
    );
    // Never repeated: what does not parse may still carry a password.
    expect(insecureAddressReason('https://ana:s3cret@ bad host')).not.toContain('s3cret');
    expect(insecureAddressReason('')).toBeDefined();
  });

  it('never repeats a user name, password, path or query in its message', () => {
    const reason = insecureAddressReason('http://ann:s3cret@photos.example.com:8080/a?sig=xyz');
    expect(reason).toContain('http://photos.example.com:8080');
    expect(reason).not.toMatch(/ann|s3cret|sig|xyz|\/a/);
  });
});

describe('isLoopbackHostname', () => {
  it('knows 127.0.0.0/8, ::1 and localhost, nothing else', () => {
    expect(isLoopbackHostname('127.0.0.1')).toBe(true);
    expect(isLoopbackHostname('[::1]')).toBe(true);
    expect(isLoopbackHostname('localhost')).toBe(true);
    expect(isLoopbackHostname('126.0.0.1')).toBe(false);
    expect(isLoopbackHostname('127.0.0.1.example.com')).toBe(false);
    expect(isLoopbackHostname('[::]')).toBe(false);
  });
});

describe('secureAddressSchema', () => {
  it('passes secure addresses and gives the reason for others', () => {
    expect(secureAddressSchema.safeParse('https://api.example.com').success).toBe(true);
    const refused = secureAddressSchema.safeParse('http://api.example.com');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(
      /^The address http:\/\/api\.example\.com is not secure/,
    );
  });
});

describe('the length of an address', () => {
  it(`refuses an address longer than ${MAX_ADDRESS_LENGTH} characters, in words`, () => {
    const long = `https://photos.example.com/${'a'.repeat(MAX_ADDRESS_LENGTH)}`;
    expect(insecureAddressReason(long)).toBe(
      `This address is ${long.length} characters long; an address may have at most ${MAX_ADDRESS_LENGTH}.`,
    );
    const parsed = secureAddressSchema.safeParse(long);
    expect(parsed.success).toBe(false);
    const fits = `https://photos.example.com/${'a'.repeat(MAX_ADDRESS_LENGTH - 27)}`;
    expect(fits).toHaveLength(MAX_ADDRESS_LENGTH);
    expect(insecureAddressReason(fits)).toBeUndefined();
  });
});
