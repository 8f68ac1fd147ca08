import { describe, expect, it } from 'vitest';
import type { UpdateView } from '../../../../../shared/ipc/views';
import type { UploadsUnderway } from '../../../../../main/desktop/updates/safe-point';
import { UPDATE_CHECK_INTERVAL_MS } from '../../../../../main/desktop/updates/check-schedule';
import {
  UpdateController,
  type Updater,
} from '../../../../../main/desktop/updates/update-controller';
import { updatePlan } from '../../../../../main/desktop/updates/update-plan';

/** An updater that records what it was asked; its looks end when the test says. */
function recordingUpdater() {
  const asked: string[] = [];
  let endLook: () => void = () => undefined;
  const updater: Updater = {
    check: () => {
      asked.push('check');
      return new Promise<void>((resolve) => (endLook = resolve));
    },
    download: () => {
      asked.push('download');
      return Promise.resolve();
    },
    quitAndInstall: () => asked.push('quitAndInstall'),
    installOnQuit: () => asked.push('installOnQuit'),
  };
  return { updater, asked, endLook: () => endLook() };
}

function controller(settings: Parameters<typeof updatePlan>[0] = {}) {
  const recorder = recordingUpdater();
  const queue: { underway: UploadsUnderway } = {
    underway: { creating: 0, queued: 0, running: true },
  };
  const told: UpdateView[] = [];
  let now = 0;
  const subject = new UpdateController({
    plan: updatePlan(settings, { packaged: true, install: 'appimage' }),
    updater: recorder.updater,
    underway: () => queue.underway,
    now: () => now,
    changed: (view) => told.push(view),
    failed: () => undefined,
  });
  return {
    subject,
    ...recorder,
    queue,
    told,
    pass: (ms: number) => {
      now += ms;
    },
  };
}

describe('the update controller', () => {
  it('looks at start, never twice at once, then again after 6 hours', () => {
    const { subject, asked, endLook, pass } = controller();
    subject.tick();
    subject.tick();
    expect(asked).toEqual(['check']);
    subject.handle({ type: 'not-available' });
    endLook();
    pass(UPDATE_CHECK_INTERVAL_MS - 1);
    subject.tick();
    expect(asked).toEqual(['check']);
    pass(1);
    subject.tick();
    expect(asked).toEqual(['check', 'check']);
  });

  it('restarts to update only once no photo is in creating or sending, saying how many it waits for', () => {
    const { subject, asked, queue, told } = controller();
    subject.handle({ type: 'available', version: '1.2.0', downloading: true, installs: true });
    subject.handle({ type: 'downloaded', version: '1.2.0' });
    queue.underway = { creating: 2, queued: 1, running: true };
    subject.queueChanged();
    expect(told.at(-1)?.action?.label).toEqual({
      key: 'updates.action.restartWaiting',
      values: { count: 3 },
    });
    subject.restart();
    expect(subject.state).toEqual({ kind: 'waiting', version: '1.2.0', uploads: 3 });
    queue.underway = { creating: 1, queued: 0, running: true };
    subject.queueChanged();
    expect(asked).not.toContain('quitAndInstall');
    queue.underway = { creating: 0, queued: 0, running: true };
    subject.queueChanged();
    expect(subject.state.kind).toBe('installing');
    expect(asked).toEqual(['quitAndInstall']);
  });

  it('downloads in notify only when asked', () => {
    const { subject, asked } = controller({ updates: 'notify' });
    subject.handle({ type: 'available', version: '1.2.0', downloading: false, installs: true });
    expect(asked).toEqual([]);
    expect(subject.view().action?.kind).toBe('download');
    subject.download();
    expect(asked).toEqual(['download']);
  });

  it('installs a downloaded update when the app quits, and says nothing when there is none', () => {
    const { subject, asked, told } = controller();
    subject.quitting();
    expect(asked).toEqual([]);
    subject.handle({ type: 'downloaded', version: '1.2.0' });
    subject.quitting();
    expect(asked).toEqual(['installOnQuit']);
    expect(told).toHaveLength(1);
  });

  it('does nothing at all when the plan has no updates', () => {
    const { subject, asked } = controller({ updates: 'off' });
    subject.tick();
    subject.restart();
    expect(asked).toEqual([]);
    expect(subject.state).toEqual({ kind: 'none', reason: 'off' });
    expect(subject.view().notice).toBeUndefined();
  });
});
