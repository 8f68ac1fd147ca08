import { describe, expect, it } from 'vitest';
import {
  startDesktopApp,
  type StartupStep,
  type StartupSteps,
} from '../../../../main/desktop/desktop-startup';
import type { NativeMessage } from '../../../../main/desktop/startup-words';
import { LockTimeoutError } from '../../../../main/ownership/file-lock';

/** Steps that record what ran; `failAt` throws (or rejects) in that step. */
function recordedStart(options: {
  readonly failAt?: StartupStep;
  readonly synchronous?: boolean;
  readonly error?: Error;
  readonly closeOwner?: () => Promise<void>;
  readonly tell?: (message: NativeMessage) => void;
}) {
  const ran: string[] = [];
  const told: NativeMessage[] = [];
  const logged: { step: StartupStep; context: string | undefined }[] = [];
  const exits: number[] = [];
  const error = options.error ?? new Error('The disk is full');
  const step = <T>(name: StartupStep, value: T) => {
    ran.push(name);
    if (options.failAt !== name) return Promise.resolve(value);
    if (options.synchronous) throw error;
    return Promise.reject(error);
  };
  const steps: StartupSteps<string, 'lock', 'owner'> = {
    ready: () => step('ready', 'context'),
    takeOwnership: () => step('take-ownership', 'lock' as const),
    seedSettings: () => step('seed-settings', undefined),
    serveAsOwner: (_context, lock) => {
      expect(lock).toBe('lock');
      return step('serve-as-owner', 'owner' as const);
    },
    openShell: async (context, owner) => {
      expect([context, owner]).toEqual(['context', 'owner']);
      await step('shell', undefined);
    },
    releaseLock: () => void ran.push('release-lock'),
    closeOwner: () => {
      ran.push('close-owner');
      return options.closeOwner?.() ?? Promise.resolve();
    },
  };
  const run = () =>
    startDesktopApp(steps, {
      log: (failed, _error, context) => logged.push({ step: failed, context }),
      tell: (message) => {
        told.push(message);
        options.tell?.(message);
      },
      exit: (code) => exits.push(code),
      undoLimitMs: 50,
    });
  return { run, ran, told, logged, exits };
}

const ORDER: readonly StartupStep[] = [
  'ready',
  'take-ownership',
  'seed-settings',
  'serve-as-owner',
  'shell',
];

describe('the desktop app start', () => {
  it('runs every step in order and stays running when they all succeed', async () => {
    const start = recordedStart({});
    expect(await start.run()).toEqual({ started: true, owner: 'owner' });
    expect(start.ran).toEqual(ORDER);
    expect(start.exits).toEqual([]);
    expect(start.told).toEqual([]);
  });

  it.each(ORDER)(
    'stops at a failing %s step: undoes what ran, says why, exits with code 1',
    async (failAt) => {
      const start = recordedStart({ failAt });
      expect(await start.run()).toEqual({ started: false, failedStep: failAt });
      const reached = ORDER.slice(0, ORDER.indexOf(failAt) + 1);
      const undone = [
        ...(failAt === 'shell' ? ['close-owner'] : []),
        ...(ORDER.indexOf(failAt) > ORDER.indexOf('take-ownership') ? ['release-lock'] : []),
      ];
      expect(start.ran).toEqual([...reached, ...undone]);
      expect(start.exits).toEqual([1]);
      expect(start.told).toHaveLength(1);
      expect(start.told[0]?.title).toBe('Photo Uploader could not start');
      expect(start.told[0]?.detail).toMatch(/^The disk is full/);
      // Logged with the step, through the log the first step opened (none if that one failed).
      expect(start.logged).toEqual([
        { step: failAt, context: failAt === 'ready' ? undefined : 'context' },
      ]);
    },
  );

  it('handles a step that throws instead of rejecting', async () => {
    const start = recordedStart({ failAt: 'seed-settings', synchronous: true });
    expect(await start.run()).toEqual({ started: false, failedStep: 'seed-settings' });
    expect(start.ran).toEqual(['ready', 'take-ownership', 'seed-settings', 'release-lock']);
    expect(start.exits).toEqual([1]);
  });

  it('exits even when the core never finishes closing, and lets the lock go', async () => {
    const start = recordedStart({
      failAt: 'shell',
      closeOwner: () => new Promise(() => undefined),
    });
    await start.run();
    expect(start.ran.slice(-2)).toEqual(['close-owner', 'release-lock']);
    expect(start.exits).toEqual([1]);
  });

  it('exits even when closing the core fails or the dialog cannot be shown', async () => {
    const start = recordedStart({
      failAt: 'shell',
      closeOwner: () => Promise.reject(new Error('journal locked')),
      tell: () => {
        throw new Error('no display');
      },
    });
    await start.run();
    expect(start.ran.slice(-2)).toEqual(['close-owner', 'release-lock']);
    expect(start.logged.map((entry) => entry.step)).toEqual(['shell', 'shell']);
    expect(start.exits).toEqual([1]);
  });

  it('explains a data folder held too long by the command line', async () => {
    const start = recordedStart({ failAt: 'take-ownership', error: new LockTimeoutError('held') });
    await start.run();
    expect(start.told[0]?.detail).toContain('Stop it, then start the app again.');
    expect(start.exits).toEqual([1]);
  });
});
