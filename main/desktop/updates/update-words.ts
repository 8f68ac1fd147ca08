import type { Translate, Words } from '../../../shared/i18n/translator';
import { innerWords, words } from '../../../shared/i18n/words';
import type { UpdateView } from '../../../shared/ipc/views';
import type { NoUpdatesReason } from './update-plan';
import type { UpdateFailure, UpdateState } from './update-state';

/** The words of each failure, as the end of "The update failed: …". */
const FAILURE_KEYS = {
  checksum: 'updates.failure.checksum',
  network: 'updates.failure.network',
  feed: 'updates.failure.feed',
  signature: 'updates.failure.signature',
  other: 'updates.failure.other',
} as const satisfies Record<UpdateFailure, string>;

/** Why this run does not update itself, as About says it. */
const NO_UPDATES_KEYS = {
  off: 'updates.about.off',
  development: 'updates.about.development',
  portable: 'updates.about.portable',
  unpacked: 'updates.about.unpacked',
} as const satisfies Record<NoUpdatesReason, string>;

/**
 * What the window says of `state`; undefined: nothing (no updates, looking, up to date, or a
 * look that failed: a network that is down now and then is no news, and About says it).
 */
export function updateNotice(state: UpdateState): Words | undefined {
  if (state.kind === 'failed' && state.step === 'check') return undefined;
  return statusWords(state);
}

/** Where `state` stands in words, for the window and About; undefined for the quiet states. */
function statusWords(state: UpdateState): Words | undefined {
  switch (state.kind) {
    case 'none':
    case 'idle':
    case 'checking':
    case 'up-to-date':
      return undefined;
    case 'available':
      return state.installs
        ? words('updates.notice.available', { version: state.version })
        : words('updates.notice.availableFromPackage', { version: state.version });
    case 'downloading':
      return words('updates.notice.downloading', {
        version: state.version,
        percent: state.percent,
      });
    case 'ready':
      return words('updates.notice.ready', { version: state.version });
    case 'waiting':
      return words('updates.notice.waiting', { version: state.version, count: state.uploads });
    case 'installing':
      return words('updates.notice.installing', { version: state.version });
    case 'failed':
      return words('updates.notice.failed', { reason: innerWords(FAILURE_KEYS[state.failure]) });
  }
}

/** "Restart to update", with how many uploads it will wait for when there are any. */
export function restartLabel(uploads: number): Words {
  return uploads > 0
    ? words('updates.action.restartWaiting', { count: uploads })
    : words('updates.action.restart');
}

/**
 * The window's view of `state`, `uploads` being how many uploads a restart would wait for now
 * ("Version 1.2.0 is ready" · "Restart to update (waits for 3 uploads)").
 */
export function updateView(state: UpdateState, uploads: number): UpdateView {
  const notice = updateNotice(state);
  const action: UpdateView['action'] =
    state.kind === 'ready'
      ? { kind: 'restart', label: restartLabel(uploads) }
      : state.kind === 'available' && state.installs
        ? { kind: 'download', label: words('updates.action.download') }
        : undefined;
  return { notice, problem: notice !== undefined && state.kind === 'failed', action };
}

/** Help › About: the app's name and version, and where its update stands. */
export type AboutWords = {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
};

/** The words of the About box for `version` and `state`, in the words of `t`. */
export function aboutWords(version: string, state: UpdateState, t: Translate): AboutWords {
  const said = (line: Words) => t(line.key, line.values);
  const detail = ((): string => {
    switch (state.kind) {
      case 'none':
        return t(NO_UPDATES_KEYS[state.reason]);
      case 'idle':
        return t('updates.about.idle');
      case 'checking':
        return t('updates.about.checking');
      case 'up-to-date':
        return t('updates.about.upToDate');
      case 'available':
      case 'downloading':
      case 'ready':
      case 'waiting':
      case 'installing':
      case 'failed': {
        const status = statusWords(state);
        return status === undefined ? '' : said(status);
      }
    }
  })();
  return {
    title: t('menu.help.about'),
    message: t('updates.about.title', { version }),
    detail,
  };
}
