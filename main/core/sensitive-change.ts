import { DEFAULT_MAP_TILE_URL } from '../../shared/domain/map-tiles';
import type { MessageKey } from '../../shared/i18n/catalogs';
import { createTranslator, type Translate, type Words } from '../../shared/i18n/translator';
import type { IpcInput } from '../../shared/ipc/contract';
import { cleanTileUrl, withoutTrailingSlash } from '../settings/setting-values';
import type { PhotoHostSettings, Settings } from '../settings/settings-store';
import { shownOrigin, shownTileOrigin, shownValue } from '../settings/shown-values';

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
  /** Each change as the user is asked about it, naming the new values (in `fields`' order). */
  readonly changes: readonly Words[];
  /** What the user is asked, in English (for logs and checks): the changes in one sentence. */
  readonly summary: string;
};

const ENGLISH = createTranslator('en');

/**
 * The changes in one sentence of `t` ("Photo Uploader will sign in at … and send photos …"): the
 * changes listed as `t`'s language lists things (`Intl.ListFormat`).
 */
function summaryOf(changes: readonly Words[], t: Translate): string {
  return t('dialog.sensitiveChange.summary', {
    changes: changes.map((words) => t(words.key, words.values)),
  });
}

/** One change's words. */
const said = (key: MessageKey, values?: Words['values']): Words =>
  values === undefined ? { key } : { key, values };

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
  const changes: [string, Words][] = [];
  if (input.authUrl !== undefined && withoutTrailingSlash(input.authUrl) !== current.authUrl)
    changes.push([
      'authUrl',
      said('dialog.sensitiveChange.authUrl', { origin: shownOrigin(input.authUrl) }),
    ]);
  if (input.baseUrl !== undefined && withoutTrailingSlash(input.baseUrl) !== current.baseUrl)
    changes.push([
      'baseUrl',
      said('dialog.sensitiveChange.baseUrl', { origin: shownOrigin(input.baseUrl) }),
    ]);
  if (input.clientId !== undefined && input.clientId !== current.clientId)
    changes.push([
      'clientId',
      said('dialog.sensitiveChange.clientId', { clientId: shownValue(input.clientId) }),
    ]);
  // A trusted CA can read every connection: trusting a new one is asked like a new address.
  if (input.caFile !== undefined && input.caFile !== current.caFile)
    changes.push([
      'caFile',
      said('dialog.sensitiveChange.caFile', { file: shownValue(input.caFile) }),
    ]);
  if (
    host !== undefined &&
    (canonicalJson(host) !== canonicalJson(current.photoHost) ||
      (input.photoHost?.kind === 's3' && input.photoHost.accessKeyId !== undefined))
  )
    changes.push([
      'photoHost',
      host.kind === 'published'
        ? said('dialog.sensitiveChange.published', {
            root: shownValue(host.root),
            origin: shownOrigin(host.urlPrefix),
          })
        : said(
            host.profile === undefined
              ? 'dialog.sensitiveChange.s3Bucket'
              : 'dialog.sensitiveChange.s3BucketProfile',
            {
              bucket: shownValue(host.bucket),
              // AWS's own name, the same in every language.
              endpoint: host.endpoint === undefined ? 'AWS S3' : shownOrigin(host.endpoint),
              ...(host.profile === undefined ? {} : { profile: shownValue(host.profile) }),
            },
          ),
    ]);
  // Tokens in a file anyone who reads the user's files can read: asked like a new destination.
  if (input.signInTokensInPlainTextFile === true && current.signInTokensInPlainTextFile !== true)
    changes.push(['signInTokensInPlainTextFile', said('dialog.sensitiveChange.plainTextTokens')]);
  // The window loads the tiles itself: a new tile server learns which places the user looks at
  // (where the photos were taken), and the window's policy admits it.
  if (
    input.mapTileUrl !== undefined &&
    cleanTileUrl(input.mapTileUrl) !== (current.mapTileUrl ?? DEFAULT_MAP_TILE_URL)
  )
    changes.push([
      'mapTileUrl',
      said('dialog.sensitiveChange.mapTiles', { origin: shownTileOrigin(input.mapTileUrl) }),
    ]);
  if (changes.length === 0) return undefined;
  const words = changes.map(([, change]) => change);
  return {
    fields: changes.map(([field]) => field),
    changes: words,
    summary: summaryOf(words, ENGLISH.t),
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

/** The question the window's front end asks before a sensitive change, in the words of `t`. */
export function confirmationQuestion(
  change: Pick<SensitiveChange, 'fields' | 'changes'>,
  t: Translate,
): ConfirmationQuestion {
  const signInAgain = change.fields.some(
    (field) =>
      field !== 'photoHost' && field !== 'mapTileUrl' && field !== 'signInTokensInPlainTextFile',
  );
  const mapOnly = change.fields.every((field) => field === 'mapTileUrl');
  return {
    title: t('dialog.sensitiveChange.title'),
    message: mapOnly ? t('dialog.sensitiveChange.messageMap') : t('dialog.sensitiveChange.message'),
    detail: [
      summaryOf(change.changes, t),
      signInAgain ? t('dialog.sensitiveChange.signInAgain') : undefined,
      t('dialog.sensitiveChange.notAsked'),
    ]
      .filter((line): line is string => line !== undefined)
      .join('\n\n'),
    buttons: [t('dialog.cancel'), t('dialog.sensitiveChange.change')],
    confirmIndex: 1,
    cancelIndex: 0,
  };
}
