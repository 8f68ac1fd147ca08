import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { IpcResult } from '../../shared/ipc/contract';
import type { SocketMessage } from '../../shared/ipc/socket-protocol';
import {
  launchChromium,
  type RunningBridgeHost,
  startBridgeHostProcess,
} from '../support/e2e-harness';
import { startTestService, type TestService } from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import { writeLocalSetupFile } from '../support/setup-file-fixture';
import { dropFolder } from '../support/window-session';

const needsChromium = needs('chromium');

// A setup file from IT, opened in the window of an unconfigured app (issue 23 §2), through the
// bridge host: the open dialog (the host's scripted chooser) or a drop, then the native
// confirmation (the host's scripted answers), which the page cannot answer.

/**
 * Calls main as the window does (the Settings screen's "Open a setup file…" is another
 * engineer's): over the bridge host's socket, with the page's token and origin.
 */
async function windowCalls(host: RunningBridgeHost) {
  const socket = new WebSocket(
    `${host.origin.replace('http', 'ws')}/bridge?token=${encodeURIComponent(host.token)}`,
    { origin: host.origin },
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map<number, (result: IpcResult<unknown>) => void>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as SocketMessage;
    if (message.type === 'result') waiting.get(message.id)?.(message.result);
  });
  return {
    invoke: (channel: string, input: unknown) =>
      new Promise<IpcResult<unknown>>((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ type: 'invoke', id, channel, input }));
      }),
    close: () => socket.close(),
  };
}

describe.skipIf(needsChromium.skip)(
  needsChromium.title('a setup file opened in the window'),
  () => {
    let service: TestService;
    let host: RunningBridgeHost;
    let browser: Browser;
    let page: Page;
    let dir: string;
    let calls: Awaited<ReturnType<typeof windowCalls>>;
    const invoke = (_page: Page, channel: string, input: unknown) => calls.invoke(channel, input);

    beforeAll(async () => {
      service = await startTestService({
        withS3: true,
        allowPrivateFetch: true,
        autoApprove: true,
      });
      host = await startBridgeHostProcess(undefined);
      browser = await launchChromium();
      page = await browser.newPage();
      await page.goto(host.url);
      dir = await mkdtemp(join(tmpdir(), 'e2e-setup-'));
      calls = await windowCalls(host);
    }, 120_000);
    afterAll(async () => {
      calls?.close();
      await browser?.close();
      await host?.stop();
      await service?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('shows what it sets in the confirmation, saves nothing on Cancel, and applies on Apply', async () => {
      const file = await writeLocalSetupFile(service.info, dir);
      await host.choose([file]);
      await host.answerConfirmation(false);
      expect(await invoke(page, 'setup:open', {})).toEqual({
        ok: true,
        value: { applied: false, message: '' },
      });
      expect(host.chooserKinds()).toEqual(['setup-file']);
      const [question] = host.questionsAsked();
      expect(question?.message).toBe('Apply the setup in “office.photouploader”?');
      expect(question?.detail).toContain(`Sign in at ${service.info.auth_url}`);
      // Each secret named with the service it is kept for, never its value.
      expect(question?.detail).toContain(`the client secret for ${service.info.auth_url}`);
      expect(question?.detail).toContain('the photo host’s keys for the bucket');
      expect(question?.detail).not.toContain(service.info.client_secret);
      const unchanged = await invoke(page, 'settings:get', {});
      expect(unchanged).toMatchObject({ ok: true, value: { hasClientSecret: false } });
      expect(JSON.stringify(unchanged)).not.toContain(service.info.auth_url);

      await host.choose([file]);
      await host.answerConfirmation(true);
      expect(await invoke(page, 'setup:open', {})).toMatchObject({
        ok: true,
        value: { applied: true },
      });
      expect(await invoke(page, 'settings:get', {})).toMatchObject({
        ok: true,
        value: {
          authUrl: service.info.auth_url,
          clientId: service.info.client_id,
          hasClientSecret: true,
        },
      });
      // The page cannot hand main a setup file's text of its own.
      expect(
        await invoke(page, 'setup:apply', { name: 'x.photouploader', text: '{}' }),
      ).toMatchObject({ ok: false });
    }, 60_000);

    it('opens a setup file dropped on the window, after the confirmation', async () => {
      const file = await writeLocalSetupFile(
        service.info,
        dir,
        'dropped.photouploader',
        (setup) => {
          setup.settings.concurrency = 3;
        },
      );
      await host.answerConfirmation(true);
      await dropFolder(page, host, file);
      await page.getByText('The setup in “dropped.photouploader” was saved.').waitFor();
      expect(host.questionsAsked().at(-1)?.message).toBe(
        'Apply the setup in “dropped.photouploader”?',
      );
      expect(await invoke(page, 'settings:get', {})).toMatchObject({
        ok: true,
        value: { concurrency: 3 },
      });
    }, 60_000);
  },
);
