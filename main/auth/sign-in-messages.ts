import { CertificateError, NetworkError } from '../http/network-error';
import { OAuthResponseError } from './auth-errors';

/** What the user is told when the browser came back with an OAuth error. */
export function describeCallbackError(error: string, description: string | undefined): string {
  if (error === 'access_denied')
    return 'You declined access in the browser, so you are not signed in.';
  return `The Photo Service refused the sign-in (${error}${description ? `: ${description}` : ''}). Please try again.`;
}

/** What the user is told when the code could not be exchanged for tokens. */
export function describeExchangeError(error: unknown): string {
  if (error instanceof OAuthResponseError) {
    if (error.code === 'invalid_grant')
      return 'The sign-in expired or was already used. Please sign in again.';
    if (error.code === 'invalid_client' || error.code === 'unauthorized_client') {
      return "The Photo Service did not accept this app's client id or secret. Check them in the settings.";
    }
    return `The Photo Service refused the sign-in (${error.code}). Please try again.`;
  }
  if (error instanceof CertificateError) return error.message;
  if (error instanceof NetworkError)
    return 'Could not reach the Photo Service to finish signing in. Check the connection and try again.';
  return 'The Photo Service gave an answer this app does not understand. Please try again.';
}
