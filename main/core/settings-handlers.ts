import type { IpcInput } from '../../shared/ipc/contract';
import {
  type Preset,
  type SavedTemplate,
  withHiddenEntriesKept,
} from '../../shared/domain/presets';
import { englishFor, words } from '../../shared/i18n/words';
import type { IpcHandlers } from '../../shared/ipc/dispatcher';
import type { Redactor } from '../logging/logger';
import { secretNames } from '../secrets/secret-names';
import type { SecretStore } from '../secrets/secret-store';
import {
  ManagedSettingError,
  managedChanges,
  type PolicyState,
  policyListEntries,
} from '../settings/managed-settings';
import { changeNeedsReconfigure } from '../settings/read-when-used';
import { cleanTileUrl, withoutTrailingSlash } from '../settings/setting-values';
import type { PhotoHostSettings } from '../settings/settings-store';
import { testHostRoundTrip } from '../staging/host-round-trip';
import { saveS3Keys } from '../staging/open-photo-host';
import type { CorePort } from './core-port';
import { declined, type FrontEnd } from './front-end';
import { checkMapTileUrl, checkZone } from './handler-input-checks';
import { withoutEchoedInput, withoutManagedEchoes } from '../settings/managed-input';
import { sensitiveChange } from './sensitive-change';

/** What the settings handlers need of the core. */
export type SettingsHandlerDeps = {
  readonly core: Pick<
    CorePort,
    'settings' | 'settingsView' | 'reconfigure' | 'photoHost' | 'httpDispatcher' | 'settingsSaved'
  >;
  /** Where the client secret and the photo host's keys are kept. */
  readonly secrets: SecretStore;
  readonly redactor: Redactor;
  /** Who calls these handlers: asked before a sensitive change is saved. */
  readonly frontEnd: FrontEnd;
};

/** The settings' photo host from what the settings screen sent (keys go to the keychain). */
function photoHostSettings(
  input: NonNullable<IpcInput<'settings:set'>['photoHost']>,
): PhotoHostSettings {
  if (input.kind === 'published') return input;
  return {
    kind: 's3',
    region: input.region,
    bucket: input.bucket,
    prefix: input.prefix,
    pathStyle: input.pathStyle,
    ...(input.endpoint !== undefined ? { endpoint: input.endpoint } : {}),
    ...(input.profile !== undefined ? { profile: input.profile } : {}),
  };
}

/** The move folders of `presets` that none of `saved` (the presets in effect) names yet. */
export function newMoveFolders(presets: readonly Preset[], saved: readonly Preset[]): string[] {
  const folderOf = (preset: Preset): string[] =>
    preset.afterUpload?.kind === 'move' ? [preset.afterUpload.folder] : [];
  const known = new Set(saved.flatMap(folderOf));
  return [...new Set(presets.flatMap(folderOf))].filter((folder) => !known.has(folder));
}

/**
 * The user's saved templates and presets as `settings:set` saves them: the lists given, with the
 * user's entries that the organisation's hide kept (see `withHiddenEntriesKept`); a list not
 * given is left as it is.
 */
export function ownListsToSave(
  input: {
    readonly descriptionTemplates?: SavedTemplate[] | undefined;
    readonly presets?: Preset[] | undefined;
  },
  saved: {
    readonly descriptionTemplates?: SavedTemplate[] | undefined;
    readonly presets?: Preset[] | undefined;
  },
  policy: PolicyState,
): { descriptionTemplates: SavedTemplate[] | undefined; presets: Preset[] | undefined } {
  const office = policyListEntries(policy);
  return {
    descriptionTemplates:
      input.descriptionTemplates === undefined
        ? undefined
        : withHiddenEntriesKept(
            input.descriptionTemplates,
            saved.descriptionTemplates ?? [],
            office.descriptionTemplates,
          ),
    presets:
      input.presets === undefined
        ? undefined
        : withHiddenEntriesKept(input.presets, saved.presets ?? [], office.presets),
  };
}

/** The handlers of `settings:get`, `settings:set` and `settings:test-photo-host`. */
export function settingsHandlers(
  deps: SettingsHandlerDeps,
): Pick<IpcHandlers, 'settings:get' | 'settings:set' | 'settings:test-photo-host'> {
  const { core } = deps;
  return {
    'settings:get': () => core.settingsView(),

    'settings:set': async (input) => {
      if (input.assumedZone !== undefined) checkZone(input.assumedZone);
      if (input.mapTileUrl !== undefined) checkMapTileUrl(input.mapTileUrl);
      // A preset moves files where it says: a folder no preset names yet (the user's own or the
      // organisation's, which a batch may already use) must be the caller's own (the window's
      // open dialog), as for `queue:add-photos`. Checked before anything is saved.
      if (input.presets !== undefined)
        await deps.frontEnd.checkPaths(
          newMoveFolders(input.presets, core.settings.get().presets ?? []),
        );
      const effective = core.settings.get();
      // What only repeats the organisation's settings is no change; any other change to them is
      // refused before the user is asked anything (ManagedSettingError: nothing is saved).
      const patch = withoutManagedEchoes(
        {
          authUrl: input.authUrl === undefined ? undefined : withoutTrailingSlash(input.authUrl),
          baseUrl: input.baseUrl === undefined ? undefined : withoutTrailingSlash(input.baseUrl),
          clientId: input.clientId,
          scope: input.scope,
          redirect: input.redirect,
          caFile: input.caFile,
          photoHost: input.photoHost ? photoHostSettings(input.photoHost) : undefined,
          concurrency: input.concurrency,
          assumedZone: input.assumedZone,
          keepOriginals: input.keepOriginals,
          watchSettleSeconds: input.watchSettleSeconds,
          farMeters: input.farMeters,
          cameraOffsets: input.cameraOffsets,
          maxUploadBytesPerSecond: input.maxUploadBytesPerSecond,
          uploadHours: input.uploadHours,
          pauseOnBattery: input.pauseOnBattery,
          mapTileUrl: input.mapTileUrl === undefined ? undefined : cleanTileUrl(input.mapTileUrl),
          quitWithPending: input.quitWithPending,
          language: input.language,
          startAtLogin: input.startAtLogin,
          signInTokensInPlainTextFile: input.signInTokensInPlainTextFile,
          ...ownListsToSave(input, core.settings.userSettings(), core.settings.policy()),
        },
        effective,
        core.settings.managed(),
      );
      const refused = managedChanges(patch, core.settings.policy());
      if (refused.length > 0) throw new ManagedSettingError(refused);
      // The host the keys belong to: the one sent, or the organisation's when the form echoed it.
      const host =
        patch.photoHost ?? (input.photoHost !== undefined ? effective.photoHost : undefined);
      const change = sensitiveChange(
        withoutEchoedInput(input, patch, core.settings.managed()),
        effective,
        host,
      );
      if (change !== undefined && !(await deps.frontEnd.confirm(change))) throw declined(change);
      const next = core.settings.update(patch);
      if (input.clientSecret !== undefined && next.authUrl && next.clientId) {
        deps.redactor.add(input.clientSecret);
        await deps.secrets.set(
          secretNames(next.authUrl, next.clientId).clientSecret,
          input.clientSecret,
        );
      }
      if (
        host?.kind === 's3' &&
        input.photoHost?.kind === 's3' &&
        input.photoHost.accessKeyId !== undefined &&
        input.photoHost.secretAccessKey !== undefined
      ) {
        await saveS3Keys(
          host,
          {
            accessKeyId: input.photoHost.accessKeyId,
            secretAccessKey: input.photoHost.secretAccessKey,
          },
          deps,
        );
      }
      // Settings read when used apply by themselves; anything else rebuilds the connection.
      if (changeNeedsReconfigure(Object.keys(input))) await core.reconfigure();
      core.settingsSaved();
      return core.settingsView();
    },

    'settings:test-photo-host': async () => {
      const host = core.photoHost;
      if (host === undefined) {
        const said = words('error.hostTest.notSetUp');
        return { ok: false, words: said, message: englishFor(said) };
      }
      // A real round trip, as an upload makes it: put, the service's address, fetch, compare.
      return testHostRoundTrip(host, {
        signal: AbortSignal.timeout(30_000),
        dispatcher: core.httpDispatcher,
      });
    },
  };
}
