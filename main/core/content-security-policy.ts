/**
 * The window's Content-Security-Policy: its own scripts and styles only, no inline code, no
 * plugins, no frames, no forms posting away; images from the app and `allow.images` (the
 * app's `thumb:` scheme, which also carries the service's renditions fetched by main: never a
 * remote origin); connections only where the transport needs them.
 */
export function contentSecurityPolicy(allow: {
  readonly images: readonly string[];
  readonly connect: readonly string[];
}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' blob: ${allow.images.join(' ')}`.trim(),
    `connect-src 'self' ${allow.connect.join(' ')}`.trim(),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
