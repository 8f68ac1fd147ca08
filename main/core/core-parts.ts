import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../shared/domain/clock';
import { isLoopbackHostname } from '../../shared/domain/secure-address';
import { computerZone } from '../../shared/domain/zone';
import type { IpcEvent, IpcEventPayloads } from '../../shared/ipc/contract';
import type { IpcHandlers } from '../../shared/ipc/dispatcher';
import { FileRefreshLock, type RefreshLock } from '../auth/token-vault';
import type { HttpAgent } from '../http/http-agent';
import { Intake } from '../media/intake';
import { MediaWorkers } from '../media/media-workers';
import { systemTrash } from '../media/system-trash';
import { MEDIA_THREAD_NICE } from '../media/thread-priority';
import { ServiceRenditions } from '../media/service-renditions';
import { Thumbnails } from '../media/thumbnails';
import { sharedLocksDir } from '../ownership/data-folder';
import { AfterUploadTidier } from '../queue/after-upload-tidier';
import { QueueStore } from '../queue/queue-store';
import { PolicyFollower } from '../settings/policy-follower';
import { SettingsStore } from '../settings/settings-store';
import { CoreWatchers, runsSavedWatchers } from '../watch/core-watchers';
import type { AppCoreOptions } from './app-core-options';
import { IntakeRuns } from './intake-runs';
import { allowedLinks } from './navigation-rules';
import { QueueRunner } from './queue-runner';

/** The parts of the core that live as long as it does, built once and wired together. */
export type CoreParts = {
  readonly refreshLock: RefreshLock;
  readonly settings: SettingsStore;
  readonly store: QueueStore;
  readonly workers: MediaWorkers;
  readonly thumbnails: Thumbnails;
  readonly renditions: ServiceRenditions;
  readonly runs: IntakeRuns;
  readonly runner: QueueRunner;
  /** The watched folders of the settings (issue 13). */
  readonly watchers: CoreWatchers;
  /** Keeps the settings on the organisation's policy; none without a policy source. */
  readonly policy: PolicyFollower | undefined;
};

/** What the parts ask of the core that owns them, when they run (not when they are built). */
export type CoreLinks = {
  readonly clock: Clock;
  /** What carries the core's requests now: it is rebuilt when the settings (the CA file) change. */
  readonly dispatcher: () => HttpAgent;
  /** What carries the rendition fetches: the same network, resolving with `renditions.lookup`. */
  readonly renditionDispatcher: () => HttpAgent;
  /** Tells every listener of the core. */
  readonly emit: <E extends IpcEvent>(event: E, payload: IpcEventPayloads[E]) => void;
  /** The command line's handlers: a watcher queues what it takes in through them. */
  readonly commandLineHandlers: () => IpcHandlers;
  /** The organisation's policy changed while running: `settings` names what changed in effect. */
  readonly policyChanged: (settings: readonly string[]) => Promise<void>;
};

/** Whether the service's API address is on this computer (the local service, demo mode). */
function serviceOnLoopback(baseUrl: string | undefined): boolean {
  return (
    baseUrl !== undefined && URL.canParse(baseUrl) && isLoopbackHostname(new URL(baseUrl).hostname)
  );
}

/**
 * Builds the core's long-lived parts from its options: settings, the queue database, the media
 * workers and thumbnails, intake, the queue runner and the folder watchers. Nothing is started.
 */
export function buildCoreParts(options: AppCoreOptions, links: CoreLinks): CoreParts {
  const refreshLock = new FileRefreshLock(
    options.locksDir ??
      sharedLocksDir({ platform: process.platform, env: process.env, home: homedir() }),
  );
  const settings = new SettingsStore(
    options.dataDir,
    options.logger.child('settings'),
    options.settingsFile?.(options.dataDir),
  );
  const store = new QueueStore(join(options.dataDir, 'queue.db'), links.clock);
  const workers = new MediaWorkers({
    logger: options.logger.child('media'),
    // Intake yields the CPU to the window: a keystroke paints first, intake takes the rest.
    threadNice: MEDIA_THREAD_NICE,
    ...(options.media?.workerEntry ? { workerEntry: options.media.workerEntry } : {}),
    ...(options.media?.crawlerEntry ? { crawlerEntry: options.media.crawlerEntry } : {}),
  });
  const thumbnails = new Thumbnails(workers, join(options.dataDir, 'thumbnails'));
  const renditions = new ServiceRenditions(
    links.renditionDispatcher,
    options.logger.child('renditions'),
    { network: () => ({ serviceOnLoopback: serviceOnLoopback(settings.get().baseUrl) }) },
  );
  const intake = new Intake(
    workers,
    { uploaded: (md5s) => Promise.resolve(store.uploadedPhotoIds(md5s)) },
    options.logger.child('intake'),
  );
  const runs = new IntakeRuns(
    intake,
    options.logger.child('intake'),
    // A watcher's intake is queued directly, never shown in the window's list.
    (batch) => void (watchers.intakeBatch(batch) || links.emit('intake:batch', batch)),
    () => settings.maxFileBytes(),
    () => settings.get().cameraOffsets ?? [],
  );
  const tidier = new AfterUploadTidier(store, {
    trash: options.trash ?? systemTrash,
    logger: options.logger.child('after-upload'),
    changed: (ids) => runner.itemsChanged(ids),
  });
  const runner = new QueueRunner(
    store,
    links.clock,
    options.logger.child('queue'),
    (change) => links.emit('queue:changed', change),
    (options.runQueue ?? 'always') === 'always',
    () => allowedLinks(settings.get()),
    tidier,
  );
  const watchers = new CoreWatchers({
    dataDir: options.dataDir,
    logger: options.logger.child('watch'),
    runsSaved: runsSavedWatchers(options.program ?? 'app'),
    startIntake: (paths, zone, expected) => runs.start(paths, zone, { expected }),
    forgetIntake: (intakeIds) => runs.forget(intakeIds),
    handlers: links.commandLineHandlers,
    assumedZone: () => settings.get().assumedZone ?? computerZone(),
    settleSeconds: () => settings.get().watchSettleSeconds,
    presets: () => settings.get().presets ?? [],
    emit: (folders) => links.emit('watch:changed', folders),
  });
  const policy =
    options.policy === undefined
      ? undefined
      : new PolicyFollower({
          source: options.policy,
          settings,
          logger: options.logger.child('policy'),
          changed: links.policyChanged,
        });
  return {
    refreshLock,
    settings,
    store,
    workers,
    thumbnails,
    renditions,
    runs,
    runner,
    watchers,
    policy,
  };
}
