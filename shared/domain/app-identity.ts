/** The app id (reverse DNS), used by packaging and for the default sign-in scheme. */
export const APP_ID = 'com.photouploader.app';

/** The app's name as users see it. */
export const PRODUCT_NAME = 'Photo Uploader';

/** The private-use URI scheme the app registers for OAuth redirects (RFC 8252 §7.1). */
export const DEFAULT_REDIRECT_SCHEME = APP_ID;
