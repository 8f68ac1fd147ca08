import { useEffect, useState } from 'react';
import { call, useBridge, useIntake, useQueue, useSession } from '../bridge/hooks';
import { IntakeScreen } from '../features/intake/IntakeScreen';
import { QueueScreen } from '../features/queue/QueueScreen';
import { conditionWords } from '../features/queue/state-words';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { SessionPanel } from '../features/sign-in/SessionPanel';

const screens = ['Add photos', 'Queue', 'Settings'] as const;
type Screen = (typeof screens)[number];

/** The shell: banners over everything, the session, and one screen at a time. */
export function App() {
  const bridge = useBridge();
  const session = useSession();
  const queue = useQueue();
  const intake = useIntake();
  const [screen, setScreen] = useState<Screen>('Add photos');
  const [zone, setZone] = useState(Intl.DateTimeFormat().resolvedOptions().timeZone);
  useEffect(() => {
    void call(bridge, 'settings:get', {}).then((settings) => setZone(settings.assumedZone));
  }, [bridge]);
  const banner =
    session?.state === 'needs-sign-in'
      ? conditionWords('needs-sign-in')
      : queue
        ? conditionWords(queue.condition)
        : undefined;
  return (
    <div className="app">
      {banner ? (
        <div className="banner" role="alert">
          {banner}
        </div>
      ) : null}
      <header>
        <h1>Photo Uploader</h1>
        <nav aria-label="Screens">
          {screens.map((name) => (
            <button
              key={name}
              type="button"
              aria-current={screen === name ? 'page' : undefined}
              onClick={() => setScreen(name)}
            >
              {name}
            </button>
          ))}
        </nav>
        <SessionPanel session={session} />
      </header>
      <main>
        {screen === 'Add photos' ? (
          <IntakeScreen intake={intake} assumedZone={zone} onQueued={() => setScreen('Queue')} />
        ) : screen === 'Queue' ? (
          <QueueScreen queue={queue} />
        ) : (
          <SettingsScreen onSaved={(settings) => setZone(settings.assumedZone)} />
        )}
      </main>
    </div>
  );
}
