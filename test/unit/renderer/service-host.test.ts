import { describe, expect, it } from 'vitest';
import { serviceHost } from '../../../renderer/features/sign-in/service-host';

describe('the host of a service address, as the header names the service', () => {
  it('drops the scheme, the port, the path and the query', () => {
    expect(serviceHost('https://photos.example.com:8443/oauth/authorize?x=1')).toBe(
      'photos.example.com',
    );
    expect(serviceHost('https://photos.example.com')).toBe('photos.example.com');
  });

  it('writes the host in lower case, without a trailing dot', () => {
    expect(serviceHost('https://Photos.Example.COM./auth')).toBe('photos.example.com');
  });

  it('keeps an IPv6 address in its brackets, without the port', () => {
    expect(serviceHost('http://[::1]:8080/auth')).toBe('[::1]');
    expect(serviceHost('https://[2001:DB8::1]/')).toBe('[2001:db8::1]');
  });

  it('names a loopback or IPv4 service by its address', () => {
    expect(serviceHost('http://127.0.0.1:4000')).toBe('127.0.0.1');
  });

  it('shows an international name in its ASCII (punycode) form, which cannot pass for another', () => {
    expect(serviceHost('https://bücher.example/auth')).toBe('xn--bcher-kva.example');
    expect(serviceHost('https://xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
  });

  it('never shows a user name or password written into the address', () => {
    expect(serviceHost('https://alice:secret@photos.example.com/')).toBe('photos.example.com');
  });

  it('gives undefined for no address or one that is not a web address', () => {
    expect(serviceHost(undefined)).toBeUndefined();
    expect(serviceHost('')).toBeUndefined();
    expect(serviceHost('not an address')).toBeUndefined();
    expect(serviceHost('file:///etc/passwd')).toBeUndefined();
  });
});
