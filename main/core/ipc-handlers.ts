import { isAbsolute } from 'node:path';
import type { Clock } from '../../shared/domain/clock';
import {
  MAX_DESCRIPTION_LENGTH,
  sanitizeDescription,
} from '../../shared/description/description-policy';
import type { IpcInput } from '../../shared/ipc/contract';
import { type IpcHandlers, IpcFailure } from '../../shared/ipc/dispatcher';
import type { ProjectView, SessionView } from '../../shared/ipc/views';
import { classify } from '../api/api-errors';
import { DiagnosticsNotSaved } from '../diagnostics/write-diagnostics';
import type { ServicePhoto } from '../api/api-schemas';
import type { PhotoServiceApi } from '../api/photo-service-api';
import type { Redactor } from '../logging/logger';
import { isKnownZone } from '../media/capture-time';
import { reportRows, toCsv } from '../queue/queue-report';
import type { QueueStore } from '../queue/queue-store';
import { testHostRoundTrip } from '../staging/host-round-trip';
import { secretNames } from '../secrets/secret-names';
import type { SecretStore } from '../secrets/secret-store';
import type { PhotoHostSettings } from '../settings/settings-store';
import { saveS3Keys } from '../staging/open-photo-host';
import type { AppCore, PathChooser } from './app-core';
import { declined, type FrontEnd } from './front-end';
import type { IntakeRuns } from './intake-runs';
import { planAddPhotos } from './add-photos-plan';
import type { QueueRunner } from './queue-runner';
import type { ServiceRenditions } from '../media/service-renditions';
import { sensitiveChange, withoutTrailingSlash } from './sensitive-change';
import { listHandlers } from './list-handlers';
import { photoView, projectView } from './views';
import { watchHandlers } from '../watch/watch-handlers';

/** What the handlers work with: the core's parts, built once by `AppCore`. */
export type HandlerDeps = {
  readonly core: AppCore;
  readonly store: QueueStore;
  readonly runs: IntakeRuns;
  readonly runner: QueueRunner;
  /** Remembers the renditions of listed photos, so the window can ask main for them by id. */
  readonly renditions: Pick<ServiceRenditions, 'remember'>;
  readonly chooser: PathChooser;
  readonly secrets: SecretStore;
  readonly redactor: Redactor;
  readonly clock: Clock;
  /** Who calls these handlers: the window or the command line. */
  readonly frontEnd: FrontEnd;
};

/** Photos per page in Existing photos. */
const PHOTOS_PAGE_SIZE = 50;

/** A sign-in waits at most this long for the browser to open before the call answers. */
const SIGN_IN_ANSWER_MS = 15_000;

/** An API failure in the words the window shows, with the code it acts on. */
function failureOf(error: unknown): IpcFailure {
  const disposition = classify(error);
  switch (disposition.kind) {
    case 'wait-for-sign-in':
      return new IpcFailure('not-signed-in', 'Please sign in to the Photo Service first.');
    case 'wait-for-network':
      return new IpcFailure(
        'offline',
        'The Photo Service cannot be reached right now. Check the connection; queued work waits.',
      );
    case 'retry':
      return new IpcFailure('failed', 'The Photo Service is busy. Please try again in a moment.');
    case 'needs-user':
      return new IpcFailure('failed', `${disposition.reason}.`);
  }
}

/** The description as it will be sent: the service's allowed HTML only, within its length. */
function cleanDescription(raw: string): string {
  const clean = sanitizeDescription(raw);
  if (clean.length > MAX_DESCRIPTION_LENGTH)
    throw new IpcFailure(
      'bad-input',
      `The description is too long: at most ${MAX_DESCRIPTION_LENGTH} characters are allowed.`,
    );
  return clean;
}

/** @throws IpcFailure `bad-input` unless `zone` is an IANA zone this app knows. */
function checkZone(zone: string): void {
  if (!isKnownZone(zone))
    throw new IpcFailure('bad-input', `"${zone}" is not a time zone this app knows.`);
}

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
  };
}

/**
 * The handler of every IPC call, over the core's parts. Each one is small: the work lives in the
 * modules it calls. Expected failures are `IpcFailure`s with words for the user; anything else
 * is logged by the dispatcher and reported as a generic failure.
 */
export function createIpcHandlers(deps: HandlerDeps): IpcHandlers {
  const { core, store, runs, runner } = deps;
  const remember = (photoId: string, address: string | undefined) =>
    deps.renditions.remember(photoId, address);
  const seenProjects = new Map<string, ProjectView>();

  const api = (): PhotoServiceApi => {
    const found = core.connection?.api;
    if (found === undefined)
      throw new IpcFailure(
        'failed',
        'No Photo Service is set up yet: add its addresses and client id in Settings.',
      );
    return found;
  };
  const call = async <T>(work: (service: PhotoServiceApi) => Promise<T>): Promise<T> => {
    const service = api();
    try {
      return await work(service);
    } catch (error) {
      throw failureOf(error);
    }
  };

  /** Puts `projectId` first in the recent projects (at most 10). */
  const rememberRecent = (projectId: string) => {
    const project = seenProjects.get(projectId) ?? {
      id: projectId,
      name: `Project ${projectId}`,
      address: '',
    };
    const recent = core.settings.get().recentProjects ?? [];
    core.settings.update({
      recentProjects: [
        { id: project.id, name: project.name, address: project.address },
        ...recent.filter((entry) => entry.id !== project.id),
      ].slice(0, 10),
    });
  };

  const queueChange = (ids?: readonly number[]) =>
    runner.itemsChanged(ids ?? store.all().map((item) => item.id));

  return {
    // Watched folders (issue 13): their own module.
    ...watchHandlers({ settings: core.settings, watchers: core.watchers, chooser: deps.chooser }),

    'session:get': () => Promise.resolve(core.sessionView()),

    'session:sign-in': async () => {
      const session = core.connection?.session;
      if (session === undefined)
        throw new IpcFailure(
          'failed',
          'No Photo Service is set up yet: add its address and client id in Settings.',
        );
      // The call answers once the browser is open (the window shows the waiting state); the
      // outcome arrives as a `session:changed` event.
      const answered = new Promise<SessionView>((resolve) => {
        const stop = session.onChange((snapshot) => {
          if (snapshot.state === 'signing-in') {
            stop();
            resolve(core.sessionView());
          }
        });
        setTimeout(() => {
          stop();
          resolve(core.sessionView());
        }, SIGN_IN_ANSWER_MS).unref();
      });
      const outcome = session.signIn().then(() => core.sessionView());
      return Promise.race([answered, outcome]);
    },

    'session:sign-out': async () => {
      await core.connection?.session.signOut();
      return core.sessionView();
    },

    'settings:get': () => core.settingsView(),

    'settings:set': async (input) => {
      if (input.assumedZone !== undefined) checkZone(input.assumedZone);
      const host = input.photoHost ? photoHostSettings(input.photoHost) : undefined;
      const change = sensitiveChange(input, core.settings.get(), host);
      if (change !== undefined && !(await deps.frontEnd.confirm(change))) throw declined(change);
      const next = core.settings.update({
        authUrl: input.authUrl === undefined ? undefined : withoutTrailingSlash(input.authUrl),
        baseUrl: input.baseUrl === undefined ? undefined : withoutTrailingSlash(input.baseUrl),
        clientId: input.clientId,
        scope: input.scope,
        redirect: input.redirect,
        caFile: input.caFile,
        photoHost: host,
        concurrency: input.concurrency,
        assumedZone: input.assumedZone,
        keepOriginals: input.keepOriginals,
        watchSettleSeconds: input.watchSettleSeconds,
      });
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
      // The default zone only matters to the next intake; anything else rebuilds the connection.
      if (Object.keys(input).some((key) => key !== 'assumedZone')) await core.reconfigure();
      return core.settingsView();
    },

    'settings:test-photo-host': async () => {
      const host = core.photoHost;
      if (host === undefined)
        return {
          ok: false,
          message:
            'No photo host is set up, or its keys are missing. Fill in the photo host first.',
        };
      // A real round trip, as an upload makes it: put, the service's address, fetch, compare.
      return testHostRoundTrip(host, {
        signal: AbortSignal.timeout(30_000),
        dispatcher: core.httpDispatcher,
      });
    },

    'intake:choose': async (input) => {
      checkZone(input.assumedZone);
      // What the user picks in the dialog is granted here: the window never names these paths.
      const paths = await deps.chooser.choose(input.kind);
      if (paths.length === 0) return { runId: null };
      await deps.frontEnd.grant(paths);
      return { runId: runs.start(paths, input.assumedZone) };
    },

    'intake:add-paths': async (input) => {
      checkZone(input.assumedZone);
      await deps.frontEnd.checkPaths(input.paths);
      if (input.runId !== undefined && !runs.isRun(input.runId))
        throw new IpcFailure(
          'bad-input',
          'These files belong to a drop that has ended. Add them again.',
        );
      return { runId: runs.start(input.paths, input.assumedZone, input) };
    },

    'projects:search': (input) =>
      call(async (service) => {
        const found = (await service.listProjects({ query: input.query, page: input.page })).map(
          projectView,
        );
        for (const project of found) seenProjects.set(project.id, project);
        return found;
      }),

    'projects:recent': () =>
      Promise.resolve(
        (core.settings.get().recentProjects ?? []).map((project) => ({
          ...project,
          photoCount: undefined,
        })),
      ),

    'queue:snapshot': () => Promise.resolve(runner.snapshot()),

    'queue:sync': async () => {
      const ended = await runner.sync();
      return {
        ended,
        reason: ended === 'not-ready' ? core.notReadyReason : undefined,
        counts: store.counts(),
        waitedFor: runner.stats,
      };
    },

    'queue:add-photos': async (input) => {
      const plan = await planAddPhotos(input, runs, cleanDescription);
      const { added, alreadyQueued } = store.addPhotos(plan.photos);
      for (const projectId of [...plan.projectIds].reverse()) rememberRecent(projectId);
      // The same drop's skipped and unreadable files, recorded once, so the report lists them.
      store.addIntakeOutcomes(
        input.projectId ?? plan.projectIds[0] ?? '',
        runs.takeOutcomes(input.intakeIds),
      );
      queueChange(added);
      runner.kick();
      return { added: added.length, alreadyQueued: alreadyQueued.length, skipped: plan.skipped };
    },

    'queue:pause': (input) => {
      const changed = store.setPaused(true, input.itemId);
      queueChange(input.itemId === undefined ? undefined : [input.itemId]);
      return Promise.resolve({ changed });
    },

    'queue:resume': (input) => {
      const changed = store.setPaused(false, input.itemId);
      queueChange(input.itemId === undefined ? undefined : [input.itemId]);
      runner.kick();
      return Promise.resolve({ changed });
    },

    'queue:retry': (input) => {
      const changed = store.retry(input.itemId);
      queueChange(input.itemId === undefined ? undefined : [input.itemId]);
      runner.kick();
      return Promise.resolve({ changed });
    },

    'queue:cancel': (input) => {
      const cancelled = store.cancel(input.itemId);
      queueChange([input.itemId]);
      return Promise.resolve({ cancelled });
    },

    'queue:export-report': (input) => {
      const rows = reportRows(store.all(), store.intakeOutcomes());
      const day = new Date(deps.clock.now()).toISOString().slice(0, 10);
      return Promise.resolve(
        input.format === 'csv'
          ? {
              fileName: `photo-uploader-report-${day}.csv`,
              mimeType: 'text/csv',
              content: toCsv(rows),
            }
          : {
              fileName: `photo-uploader-report-${day}.json`,
              mimeType: 'application/json',
              content: `${JSON.stringify(rows, null, 2)}\n`,
            },
      );
    },

    'photos:list': (input) =>
      call(async (service) => {
        const page = await service.projectPhotosPage(input.projectId, {
          page: input.page,
          perPage: PHOTOS_PAGE_SIZE,
        });
        // An unreadable item is skipped, so the page's own length says whether more may follow.
        const view = (photo: ServicePhoto) => photoView(photo, remember);
        return { photos: page.items.map(view), more: page.rawLength === PHOTOS_PAGE_SIZE };
      }),

    'photos:get': (input) =>
      call(async (service) => photoView(await service.getPhoto(input.photoId), remember)),

    'photos:edit-description': (input) => {
      const description = cleanDescription(input.description);
      const base =
        input.baseDescription === null ? null : sanitizeDescription(input.baseDescription);
      const itemId = store.addDescriptionEdit(input.photoId, description, base);
      queueChange([itemId]);
      runner.kick();
      return Promise.resolve({ itemId, description });
    },

    'diagnostics:save': async (input) => {
      // The window is treated as possibly compromised: it must not write files where it likes.
      // The app's Help menu saves diagnostics through `AppCore.saveDiagnostics` in main instead.
      if (deps.frontEnd.kind === 'window')
        throw new IpcFailure(
          'failed',
          'The window cannot save diagnostics: use Help > Save diagnostics… instead.',
        );
      if (!isAbsolute(input.path))
        throw new IpcFailure(
          'bad-input',
          'The diagnostics file must be given as an absolute path.',
        );
      try {
        return { path: await core.saveDiagnostics(input.path) };
      } catch (error) {
        if (error instanceof DiagnosticsNotSaved) throw new IpcFailure('failed', error.message);
        throw error;
      }
    },

    ...listHandlers({ call, store, runs }),
  };
}
