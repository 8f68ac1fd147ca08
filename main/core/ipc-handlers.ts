import { isAbsolute } from 'node:path';
import type { Clock } from '../../shared/domain/clock';
import { sanitizeDescription } from '../../shared/description/description-policy';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { type IpcHandlers, IpcFailure } from '../../shared/ipc/dispatcher';
import type { ProjectView, SessionView } from '../../shared/ipc/views';
import { ApiError, classify } from '../api/api-errors';
import { DiagnosticsNotSaved } from '../diagnostics/write-diagnostics';
import type { ServicePhoto } from '../api/api-schemas';
import type { PhotoServiceApi } from '../api/photo-service-api';
import type { Redactor } from '../logging/logger';
import type { QueueStore } from '../queue/queue-store';
import type { SecretStore } from '../secrets/secret-store';
import type { PathChooser } from './app-core-options';
import type { CorePort } from './core-port';
import type { FrontEnd } from './front-end';
import { checkIgnorePatterns, checkZone, cleanDescription } from './handler-input-checks';
import type { IntakeRuns } from './intake-runs';
import type { QueueRunner } from './queue-runner';
import type { ServiceRenditions } from '../media/service-renditions';
import { signInNeededFailure } from './sign-in-failure';
import { listHandlers } from './list-handlers';
import { queueHandlers } from './queue-handlers';
import { sessionHandlers } from './session-handlers';
import { settingsHandlers } from './settings-handlers';
import { setupHandlers } from './setup-handlers';
import { photoView, projectView } from './views';
import { watchHandlers } from '../watch/watch-handlers';
import { refusedWatchSessionHandlers } from '../watch/watch-session-handlers';

/** What the handlers work with: the core's parts, built once by `AppCore`. */
export type HandlerDeps = {
  /** The core itself, through its port (the handlers never import `AppCore`). */
  readonly core: CorePort;
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

/** An API failure in the words the window shows, with the code it acts on. */
function failureOf(error: unknown, session: SessionView['state']): IpcFailure {
  const disposition = classify(error);
  switch (disposition.kind) {
    case 'wait-for-sign-in':
      return signInNeededFailure(session);
    case 'wait-for-network':
      return new IpcFailure('offline', words('error.service.offline'));
    case 'retry':
      return new IpcFailure('failed', words('error.service.busy'));
    case 'needs-user':
      return new IpcFailure('failed', refusalWords(error) ?? disposition.reason);
  }
}

/**
 * What the service's refusal of a call comes to, in words; undefined for any other failure (an
 * untrusted certificate, say), whose words the classification already gives.
 */
function refusalWords(error: unknown): Words | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 404) return words('error.service.notFound');
  if (error.status === 403) return words('error.service.forbidden');
  // The service's own words, as it wrote them.
  return error.messages.length > 0
    ? words('error.service.refusedSaying', {
        status: error.status,
        messages: error.messages.join('; '),
      })
    : words('error.service.refused', { status: error.status });
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
    if (found === undefined) throw new IpcFailure('failed', words('error.service.notSetUp'));
    return found;
  };
  const call = async <T>(work: (service: PhotoServiceApi) => Promise<T>): Promise<T> => {
    const service = api();
    try {
      return await work(service);
    } catch (error) {
      throw failureOf(error, core.sessionView().state);
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

  const queueChange = (ids: readonly number[]) => runner.itemsChanged(ids);

  const lists = listHandlers({
    call,
    store,
    runs,
    seen: (project) => seenProjects.set(project.id, project),
  });

  /**
   * Project names for a description template's `{project}`: those already seen in this session,
   * else the service's listing (which records what it lists); an id it cannot name is left out.
   */
  const projectNames = async (ids: readonly string[]) => {
    if (ids.some((id) => !seenProjects.has(id)))
      await lists['projects:list-all']({ query: '' }).catch(() => undefined);
    const names = new Map<string, string>();
    for (const id of ids) {
      const name = seenProjects.get(id)?.name;
      if (name !== undefined && name !== '') names.set(id, name);
    }
    return names;
  };
  return {
    // Watched folders (issue 13): their own module.
    ...watchHandlers({
      settings: core.settings,
      watchers: core.watchers,
      chooser: deps.chooser,
      checkProject: (projectId) => lists['projects:check']({ projectId, includeArchived: true }),
      checkPaths: (paths) => deps.frontEnd.checkPaths(paths),
      presets: () => core.settings.get().presets ?? [],
    }),
    // A command line's watch session lives on its connection (AppCore.connectionHandlers).
    ...refusedWatchSessionHandlers(deps.frontEnd.kind),

    ...sessionHandlers({ core }),

    ...settingsHandlers({
      core,
      secrets: deps.secrets,
      redactor: deps.redactor,
      frontEnd: deps.frontEnd,
    }),

    'intake:choose': async (input) => {
      checkZone(input.assumedZone);
      // What the user picks in the dialog is granted here: the window never names these paths.
      const paths = await deps.chooser.choose(input.kind);
      if (paths.length === 0) return { runId: null };
      await deps.frontEnd.grant(paths);
      return { runId: runs.start(paths, input.assumedZone) };
    },

    'queue:choose-move-folder': async () => {
      // Chosen in the dialog (which takes one folder), so granted: the batch may move its photos there.
      const [folder] = await deps.chooser.choose('move-folder');
      if (folder === undefined) return { folder: null };
      await deps.frontEnd.grant([folder]);
      return { folder };
    },

    'intake:add-paths': async (input) => {
      checkZone(input.assumedZone);
      checkIgnorePatterns(input.ignore ?? []);
      await deps.frontEnd.checkPaths(input.paths);
      if (input.runId !== undefined && !runs.isRun(input.runId))
        throw new IpcFailure('bad-input', words('error.intake.dropEnded'));
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

    ...queueHandlers({
      core,
      store,
      runs,
      runner,
      clock: deps.clock,
      rememberRecent,
      queueChange,
      projectNames,
      checkPaths: (paths) => deps.frontEnd.checkPaths(paths),
      frontEnd: deps.frontEnd,
      presets: () => core.settings.get().presets ?? [],
    }),

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
        throw new IpcFailure('failed', words('error.diagnostics.windowCannotSave'));
      if (!isAbsolute(input.path))
        throw new IpcFailure('bad-input', words('error.diagnostics.notAbsolute'));
      try {
        return { path: await core.saveDiagnostics(input.path) };
      } catch (error) {
        if (error instanceof DiagnosticsNotSaved) throw new IpcFailure('failed', error.words);
        throw error;
      }
    },

    ...setupHandlers({
      settings: core.settings,
      settingsApplied: (changed) => core.settingsApplied(changed),
      secrets: deps.secrets,
      redactor: deps.redactor,
      frontEnd: deps.frontEnd,
      chooser: deps.chooser,
    }),

    ...lists,

    // The app's own updates (issue 25 §3): the window asks, main decides when.
    'updates:get': () => Promise.resolve(core.updates.view()),
    'updates:restart': () => Promise.resolve(core.updates.restart()),
    'updates:download': () => Promise.resolve(core.updates.download()),
  };
}
