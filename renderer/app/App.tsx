import { useEffect, useMemo, useRef, useState } from 'react';
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
import { useFilesDraggedOver } from './use-files-dragged-over';
import type { MessageKey } from '../../shared/i18n/catalogs';
import { useShowLocale } from '../i18n/IntlRoot';
import { useT } from '../i18n/use-t';
import { useErrorWords } from '../i18n/use-error-words';
import { useSetupSaved } from '../i18n/use-setup-saved';
import './drag-over.css';

const screens = ['Add photos', 'Queue', 'Existing photos', 'Settings'] as const;
type Screen = (typeof screens)[number];

/** Each screen's name on the navigation. */
const SCREEN_NAMES = {
  'Add photos': 'nav.addPhotos',
  Queue: 'nav.queue',
  'Existing photos': 'nav.existingPhotos',
  Settings: 'nav.settings',
} as const satisfies Record<Screen, MessageKey>;

/** The shell: banners over everything, the session, and one screen at a time. */
export function App() {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const saidSetup = useSetupSaved();
  const showLocale = useShowLocale();
  const session = useSession();
  const queue = useQueue();
  const intake = useIntake();
  const [screen, setScreen] = useState<Screen>('Add photos');
  const [zone, setZone] = useState(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [notice, setNotice] = useState<string>();
  const previous = useRef(queue);
  const filesOver = useFilesDraggedOver();
  const firstRun = useFirstRun(session);
  const reconsiderFirstRun = firstRun.reconsider;

  useEffect(() => {
    void call(bridge, 'settings:get', {}).then((settings) => setZone(settings.assumedZone));
  }, [bridge]);

  // A batch that finishes or needs attention is announced (the app also notifies the desktop).
  useEffect(() => {
    const said = batchNoticeWords(previous.current, queue);
    previous.current = queue;
    if (said !== undefined) setNotice(t(said.key, said.values));
  }, [queue, t]);

  // Photos and folders can be dropped anywhere in the window. The bridge hands the files to main
  // itself: the window never names a path.
  useEffect(() => {
    const over = (event: DragEvent) => event.preventDefault();
    const drop = (event: DragEvent) => {
      event.preventDefault();
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      setScreen('Add photos');
      void bridge.addDroppedFiles(files, zone).then((result) => {
        if (!result.ok) setNotice(sayError(result));
        // A lone setup file dropped opens as one (main asks in a native dialog first).
        else if (result.value.setup !== undefined) {
          if (result.value.setup.applied) {
            setNotice(saidSetup(result.value.setup));
            // Dropped on the first-run guide: what the guide still needs is decided afresh.
            reconsiderFirstRun();
          }
        } else if (result.value.unlocated > 0) setNotice(t('app.drop.unlocated'));
      });
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [bridge, zone, reconsiderFirstRun, t]);

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
          setScreen('Add photos');
        }}
      />
    );
  return (
    <div className={filesOver ? 'app dragging-files' : 'app'}>
      {banner ? (
        <div className="banner" role="alert">
          {banner}
        </div>
      ) : null}
      <header>
        <h1>{t('app.productName')}</h1>
        <nav aria-label={t('nav.label')}>
          {screens.map((name) => (
            <button
              key={name}
              type="button"
              aria-current={screen === name ? 'page' : undefined}
              onClick={() => setScreen(name)}
            >
              {name === 'Queue' && queue && queue.progress.needsAttention > 0
                ? t('nav.queueNeedsAttention', { count: queue.progress.needsAttention })
                : t(SCREEN_NAMES[name])}
            </button>
          ))}
        </nav>
        <SessionPanel session={session} />
      </header>
      {notice ? (
        <div className="notice" role="status">
          {notice}
          <button type="button" onClick={() => setNotice(undefined)}>
            {t('app.notice.dismiss')}
          </button>
        </div>
      ) : null}
      <main>
        {screen === 'Add photos' ? (
          <IntakeScreen
            intake={intake}
            assumedZone={zone}
            onZoneChange={setZone}
            onQueued={(message) => {
              setNotice(message);
              setScreen('Queue');
            }}
          />
        ) : screen === 'Queue' ? (
          <QueueScreen queue={queue} />
        ) : screen === 'Existing photos' ? (
          <ExistingPhotos conflicts={conflicts} />
        ) : (
          <SettingsScreen
            onSaved={(settings) => {
              setZone(settings.assumedZone);
              showLocale(settings.locale);
            }}
          />
        )}
      </main>
    </div>
  );
}
