import { DEFAULT_MAP_TILE_URL, mapTileOrigin } from '../../shared/domain/map-tiles';
import { escapedCharacter, printable } from '../../shared/domain/printable-text';
import type { IpcInput } from '../../shared/ipc/contract';
import { withoutTrailingSlash } from '../settings/managed-input';
import type { PhotoHostSettings, Settings } from '../settings/settings-store';

/**
 * A change of where tokens, photos or the window's requests go: the service addresses, the client
 * id, the trusted certificates, the photo host or the map's tile address.
 */
export type SensitiveChange = {
  /**
   * The settings that would change, by name (`authUrl`, `baseUrl`, `clientId`, `caFile`,
   * `photoHost`, `mapTileUrl`).
   */
  readonly fields: readonly string[];
  /** What the user is asked, in plain words, naming the new values. */
  readonly summary: string;
};

/** The settings a sensitive change is measured against. */
export type CurrentDestinations = Pick<
  Settings,
  | 'authUrl'
  | 'baseUrl'
  | 'clientId'
  | 'photoHost'
  | 'caFile'
  | 'mapTileUrl'
  | 'signInTokensInPlainTextFile'
>;

/** JSON with object keys sorted, so that two equal settings compare equal whatever their order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

// Kept with the settings' layering (`main/settings/`); re-exported for the handlers.
export { withoutTrailingSlash };

/** Quotation marks, straight and curly: a value that held one could close its own quotes. */
const QUOTATION_MARKS = /["“”‘’']/gu;

/**
 * A value the window chose, as the native dialog shows it: quoted by the caller, on one line,
 * control, bidirectional and invisible characters and quotation marks escaped and cut to 80
 * characters, so that a compromised window cannot write its own text into the question (a bucket
 * `acme” at AWS S3 (routine re-check; choose Change) “` stays one quoted value).
 */
function shownValue(value: string): string {
  const escaped = printable(value).replace(QUOTATION_MARKS, escapedCharacter);
  return escaped.length > 80 ? `${escaped.slice(0, 79)}…` : escaped;
}

/**
 * An address as the native dialog shows it: its origin only (scheme, host and port, the host as
 * the WHATWG parser spells it, so an international name shows as `xn--…`), through the printable
 * filter. A path, a query, a fragment or a user name in it could carry words of the window's
 * choosing ("…/ok-this-is-your-usual-server"); the origin is what decides where requests go.
 */
export function shownOrigin(address: string): string {
  if (!URL.canParse(address)) return 'an address that cannot be read';
  const url = new URL(address);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'an address that is not a web address';
  return printable(url.origin);
}

/** The origin of a map tile address template, as the dialog shows it (see `shownOrigin`). */
function shownTileOrigin(template: string): string {
  const origin = mapTileOrigin(template);
  return origin === undefined ? 'an address that cannot be read' : shownOrigin(origin);
}

/**
 * The fields of a settings change that decide where tokens or photos go and would really change,
 * as the question the user is asked; undefined when there are none. New S3 keys count as a
 * photo host change even for the same bucket: they decide whose bucket receives the photos.
 */
export function sensitiveChange(
  input: IpcInput<'settings:set'>,
  current: CurrentDestinations,
  host: PhotoHostSettings | undefined,
): SensitiveChange | undefined {
  const changes: [string, string][] = [];
  if (input.authUrl !== undefined && withoutTrailingSlash(input.authUrl) !== current.authUrl)
    changes.push(['authUrl', `sign in at ${shownOrigin(input.authUrl)}`]);
  if (input.baseUrl !== undefined && withoutTrailingSlash(input.baseUrl) !== current.baseUrl)
    changes.push(['baseUrl', `send photos and tokens to ${shownOrigin(input.baseUrl)}`]);
  if (input.clientId !== undefined && input.clientId !== current.clientId)
    changes.push(['clientId', `use the client id “${shownValue(input.clientId)}”`]);
  // A trusted CA can read every connection: trusting a new one is asked like a new address.
  if (input.caFile !== undefined && input.caFile !== current.caFile)
    changes.push(['caFile', `trust the certificate authorities in “${shownValue(input.caFile)}”`]);
  if (
    host !== undefined &&
    (canonicalJson(host) !== canonicalJson(current.photoHost) ||
      (input.photoHost?.kind === 's3' && input.photoHost.accessKeyId !== undefined))
  )
    changes.push([
      'photoHost',
      host.kind === 's3'
        ? `put photos in the bucket “${shownValue(host.bucket)}” at ${host.endpoint === undefined ? 'AWS S3' : shownOrigin(host.endpoint)}${host.profile === undefined ? '' : ` with the credentials of the AWS profile “${shownValue(host.profile)}”`}`
        : `publish photos from “${shownValue(host.root)}” at ${shownOrigin(host.urlPrefix)}`,
    ]);
  // Tokens in a file anyone who reads the user's files can read: asked like a new destination.
  if (input.signInTokensInPlainTextFile === true && current.signInTokensInPlainTextFile !== true)
    changes.push([
      'signInTokensInPlainTextFile',
      'keep your sign-in in a plain-text file of its data folder when no keychain is available',
    ]);
  // The window loads the tiles itself: a new tile server learns which places the user looks at
  // (where the photos were taken), and the window's policy admits it.
  if (
    input.mapTileUrl !== undefined &&
    input.mapTileUrl.trim() !== (current.mapTileUrl ?? DEFAULT_MAP_TILE_URL)
  )
    changes.push(['mapTileUrl', `load the map’s tiles from ${shownTileOrigin(input.mapTileUrl)}`]);
  if (changes.length === 0) return undefined;
  return {
    fields: changes.map(([field]) => field),
    summary: `Photo Uploader will ${changes.map(([, words]) => words).join(', and ')}.`,
  };
}

/** What the native confirmation dialog shows; Cancel is first, the default and the escape. */
export type ConfirmationQuestion = {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  readonly buttons: readonly [cancel: string, confirm: string];
  /** The index of the button that confirms; any other answer (Esc, closing) declines. */
  readonly confirmIndex: 1;
  /** The index of the default and the cancel button. */
  readonly cancelIndex: 0;
};

/** The question the window's front end asks before a sensitive change. */
export function confirmationQuestion(change: SensitiveChange): ConfirmationQuestion {
  const signInAgain = change.fields.some(
    (field) =>
      field !== 'photoHost' && field !== 'mapTileUrl' && field !== 'signInTokensInPlainTextFile',
  );
  const mapOnly = change.fields.every((field) => field === 'mapTileUrl');
  return {
    title: 'Confirm the change',
    message: mapOnly
      ? 'Change where the map loads its tiles from?'
      : 'Change where Photo Uploader sends your photos or sign-in?',
    detail: [
      change.summary,
      signInAgain ? 'You will need to sign in again.' : undefined,
      'If you did not ask for this change in Settings, choose Cancel.',
    ]
      .filter((line): line is string => line !== undefined)
      .join('\n\n'),
    buttons: ['Cancel', 'Change'],
    confirmIndex: 1,
    cancelIndex: 0,
  };
}
