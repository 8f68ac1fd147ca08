import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { call, useBridge, useIntake, useQueue, useSession } from '../bridge/hooks';
import { IntakeScreen } from '../features/intake/IntakeScreen';
import { ExistingPhotos } from '../features/photos/ExistingPhotos';
import { QueueScreen } from '../features/queue/QueueScreen';
import { batchNoticeWords } from '../../shared/domain/queue-notice';
import { conditionWords } from '../features/queue/state-words';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { SessionPanel } from '../features/sign-in/SessionPanel';
import { FirstRunGuide } from '../features/first-run/FirstRunGuide';
import { useFirstRun } from '../features/first-run/use-first-run';
import { createToasts, showToast, type ToastMessage, ToastRegion } from '../components/ui/Toast';
import { useFilesDraggedOver } from './use-files-dragged-over';
import { useShowLocale } from '../i18n/IntlRoot';
import { useT } from '../i18n/use-t';
import { AppNav, queueBadge, type Screen } from './AppNav';
import { RunProgress } from './RunProgress';
import { UpdateNotice } from './UpdateNotice';
import { useCurrentRun } from './use-current-run';
import { useNarrowWindow } from './use-narrow-window';
import './app-shell.css';
import { useErrorWords } from '../i18n/use-error-words';
import { useSetupSaved } from '../i18n/use-setup-saved';
import './drag-over.css';

/**
 * The shell: the navigation, a top bar with the run's progress and the account, banners over the
 * current screen, and toasts for what just happened.
 */
export function App() {
  const bridge = useBridge();
  const t = useT();
  const intl = useIntl();
  const sayError = useErrorWords();
  const saidSetup = useSetupSaved();
  const showLocale = useShowLocale();
  const session = useSession();
  const queue = useQueue();
  const intake = useIntake();
  const [screen, setScreen] = useState<Screen>('add-photos');
  const [zone, setZone] = useState(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [toasts] = useState(createToasts);
  const previous = useRef(queue);
  const filesOver = useFilesDraggedOver();
  const firstRun = useFirstRun(session);
  const reconsiderFirstRun = firstRun.reconsider;
  const run = useCurrentRun(queue);
  const runCloser = run.closer;
  const narrow = useNarrowWindow();

  // One toast at a time, as the window's notices always were: the newest says what just happened
  // (the finished run's toast stays until dismissed: see showToast).
  const notify = useCallback(
    (text: string, tone: ToastMessage['tone'], onClose?: () => void, topic?: string) => {
      showToast(toasts, { text, tone, ...(topic === undefined ? {} : { topic }) }, onClose);
    },
    [toasts],
  );

  useEffect(() => {
    void call(bridge, 'settings:get', {}).then((settings) => setZone(settings.assumedZone));
  }, [bridge]);

  // A batch that finishes or needs attention is announced (main also notifies the desktop), one
  // run notice at a time. Its toast closing puts that run's bar away once it is through (never
  // a newer run's).
  useEffect(() => {
    const said = batchNoticeWords(previous.current, queue);
    previous.current = queue;
    if (said !== undefined)
      notify(
        t(said.key, said.values),
        said.key === 'queue.notice.finished' ? 'success' : 'warning',
        runCloser(),
        'run',
      );
  }, [queue, t, notify, runCloser]);

  // Photos and folders can be dropped anywhere in the window. The bridge hands the files to main
  // itself: the window never names a path.
  useEffect(() => {
    const over = (event: DragEvent) => event.preventDefault();
    const drop = (event: DragEvent) => {
      event.preventDefault();
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      setScreen('add-photos');
      void bridge.addDroppedFiles(files, zone).then((result) => {
        if (!result.ok) notify(sayError(result), 'danger');
        // A lone setup file dropped opens as one (main asks in a native dialog first).
        else if (result.value.setup !== undefined) {
          if (result.value.setup.applied) {
            notify(saidSetup(result.value.setup), 'success');
            // Dropped on the first-run guide: what the guide still needs is decided afresh.
            reconsiderFirstRun();
          }
        } else if (result.value.unlocated > 0) notify(t('app.drop.unlocated'), 'warning');
      });
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [bridge, zone, reconsiderFirstRun, t, notify]);

  const bannerWords =
    session?.state === 'needs-sign-in'
      ? conditionWords('needs-sign-in')
      : queue
        ? conditionWords(queue.condition)
        : undefined;
  const banner = bannerWords && t(bannerWords.key, bannerWords.values);
  // Memoized: the shell renders for every intake batch, and the queue may hold 20 000 items.
  const conflicts = useMemo(
    () =>
      (queue?.items ?? []).filter(
        (item) =>
          item.kind === 'description' &&
          item.state === 'needs-attention' &&
          item.serviceDescription !== undefined,
      ),
    [queue],
  );
  // With setup incomplete the window opens on the first-run guide (see first-run-steps.ts).
  if (firstRun.state.kind === 'deciding') return <p className="muted">{t('app.loading')}</p>;
  if (firstRun.state.kind === 'guide')
    return (
      <FirstRunGuide
        plan={firstRun.state.plan}
        settings={firstRun.state.settings}
        session={firstRun.state.session}
        onDone={() => {
          firstRun.close();
          setScreen('add-photos');
        }}
      />
    );
  return (
    <I18nProvider locale={intl.locale}>
      <div className={filesOver ? 'app app-shell dragging-files' : 'app app-shell'}>
        <aside className="app-sidebar">
          <div className="app-sidebar-inner">
            <div className="app-brand">
              <img src="./icon.svg" alt="" />
              <h1>{t('app.productName')}</h1>
            </div>
            <AppNav
              current={screen}
              onChange={setScreen}
              badge={queueBadge(queue?.progress)}
              narrow={narrow}
            />
          </div>
        </aside>
        <div className="app-column">
          <header className="app-topbar">
            {queue !== undefined && run.counts !== undefined ? (
              <RunProgress counts={run.counts} queue={queue} />
            ) : null}
            <SessionPanel session={session} />
          </header>
          {banner ? (
            <div className="app-banner" role="alert">
              {banner}
            </div>
          ) : null}
          <UpdateNotice />
          <main className="app-main">
            {screen === 'add-photos' ? (
              <IntakeScreen
                intake={intake}
                assumedZone={zone}
                onZoneChange={setZone}
                onQueued={(message) => {
                  notify(message, 'success');
                  setScreen('queue');
                }}
              />
            ) : screen === 'queue' ? (
              <QueueScreen queue={queue} />
            ) : screen === 'existing-photos' ? (
              <ExistingPhotos conflicts={conflicts} />
            ) : (
              <SettingsScreen
                onSaved={(settings) => {
                  setZone(settings.assumedZone);
                  showLocale(settings);
                }}
              />
            )}
          </main>
        </div>
        <ToastRegion toasts={toasts} />
      </div>
    </I18nProvider>
  );
}
