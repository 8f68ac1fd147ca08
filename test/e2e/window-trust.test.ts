import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { IpcResult } from '../../shared/ipc/contract';
import type { SocketMessage } from '../../shared/ipc/socket-protocol';
import {
  approveInBrowser,
  colleagueToken,
  fixtureFolder,
  launchChromium,
  type RunningBridgeHost,
  startBridgeHostProcess,
} from '../support/e2e-harness';
import {
  api,
  serveFiles,
  startTestService,
  type FileServer,
  type TestService,
} from '../support/photo-service-harness';
import { needs } from '../support/platform-needs';
import { startTamperingProxy, type TamperingProxy } from '../support/tampering-proxy';
import { ROOT } from '../support/upload-harness';

const needsChromiumAndSymlinks = needs('chromium', 'symlinks');

// The window is treated as possibly compromised. A script in it has what the page has: the
// bridge host's socket with its token (in Electron: the preload's `invoke`). With that it cannot
// make main take in a path the OS did not hand over, nor send tokens or photos elsewhere without
// the user's answer in a native dialog; and descriptions from a service that breaks its promises
// reach the DOM as the allowed HTML only.

/** What a script in the window could do: call any listed channel with any input. */
async function windowScript(host: RunningBridgeHost) {
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
    call: (channel: string, input: unknown) =>
      new Promise<IpcResult<unknown>>((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ type: 'invoke', id, channel, input }));
      }),
    close: () => socket.close(),
  };
}

/** Drops one item on the window; where it lives is told to the host, as the OS tells Electron. */
async function dropOnWindow(page: Page, host: RunningBridgeHost, path: string): Promise<void> {
  await host.drop([path]);
  await page.evaluate(`(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([], ${JSON.stringify(basename(path))}));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true }));
  })()`);
}

/** Raw HTML the real service would never store; the proxy puts it in place of its marker. */
const HOSTILE = {
  'HOSTILE-ONE':
    '<p>Slab<img src=x onerror="window.hacked=1"></p><form action="https://evil.example/"><input name="p"></form><style>body{display:none}</style><a href="/settings" target="_blank">rel</a><a href="https://ok.example/" target="_top">ok</a>',
  'HOSTILE-TWO':
    '<div onclick="window.hacked=2">Formwork<img src=x onerror="window.hacked=2"></div><a href="javascript:window.hacked=2">js</a><a href="//evil.example/x">pr</a><a href="data:text/html,x" target="x">data</a><a href="mailto:site@example.com">mail</a>',
};
const CLEAN_TWO =
  '<div>Formwork</div><a>js</a><a>pr</a><a>data</a><a href="mailto:site@example.com">mail</a>';

/** Fails on any trace of the hostile markup in `html`, the page's DOM. */
function expectOnlyAllowedHtml(html: string): void {
  for (const forbidden of [
    '<img src="x"',
    '<form',
    '<input',
    '<style',
    'target=',
    'onerror',
    'onclick',
    'href="/',
    'javascript:',
    'data:text',
  ])
    expect(html, forbidden).not.toContain(forbidden);
}

describe.skipIf(needsChromiumAndSymlinks.skip)(
  needsChromiumAndSymlinks.title('the window cannot make main do what the user did not ask'),
  () => {
    let service: TestService;
    let proxy: TamperingProxy;
    let files: FileServer;
    let host: RunningBridgeHost;
    let browser: Browser;
    let page: Page;
    let folder: string;
    let outside: string;

    beforeAll(async () => {
      service = await startTestService({ withS3: true, allowPrivateFetch: true });
      proxy = await startTamperingProxy(service.info.base_url, HOSTILE);
      // The app talks to the service's API through the proxy; sign-in goes to the service itself.
      host = await startBridgeHostProcess({ ...service.info, base_url: proxy.origin });
      browser = await launchChromium();
      folder = await fixtureFolder();
      outside = await mkdtemp(join(tmpdir(), 'e2e-private-'));
      await writeFile(join(outside, 'private.jpg'), 'not for the window');
      await symlink(outside, join(folder, 'link-out'));
      files = await serveFiles({
        '/a.jpg': await readFile(join(ROOT, 'test/fixtures/exif-samples/jpg/gps/DSCN0010.jpg')),
      });
      page = await browser.newPage();
      await page.goto(host.url);
      // The window takes drops once Add photos is up: a drop before it would go nowhere.
      await page.getByRole('navigation', { name: 'Screens' }).waitFor();
      await page.getByRole('button', { name: 'Choose folder…' }).waitFor();
    });

    afterAll(async () => {
      await browser?.close();
      await host?.stop();
      await proxy?.close();
      await files?.close();
      await service?.close();
      if (folder) await rm(folder, { recursive: true, force: true });
      if (outside) await rm(outside, { recursive: true, force: true });
    });

    it(
      'refuses a path the OS did not hand over, and takes a dropped folder and what is under it',
      {
        timeout: 60_000,
      },
      async () => {
        const script = await windowScript(host);
        try {
          const add = (path: string) =>
            script.call('intake:add-paths', { paths: [path], assumedZone: 'UTC' });
          expect(await add(folder)).toMatchObject({
            ok: false,
            code: 'bad-input',
            message: expect.stringContaining('was not dropped on the window') as string,
          });
          expect(await add('/etc/passwd')).toMatchObject({ ok: false, code: 'bad-input' });

          await dropOnWindow(page, host, folder);
          const found = page.getByRole('grid', { name: 'Photos found' });
          await expect
            .poll(() => found.getByRole('gridcell').filter({ hasText: 'DSCN0010.jpg' }).count(), {
              timeout: 30_000,
            })
            .toBe(1);

          // Under the dropped folder: accepted. Out of it by `..` or by a link: refused.
          expect(await add(join(folder, 'DSCN0010.jpg'))).toMatchObject({ ok: true });
          expect(await add(join(folder, '..', basename(outside), 'private.jpg'))).toMatchObject({
            ok: false,
            code: 'bad-input',
          });
          expect(await add(join(folder, 'link-out', 'private.jpg'))).toMatchObject({
            ok: false,
            code: 'bad-input',
          });
          // The dialog's choice is granted by main itself; the window never sends a path for it.
          await host.choose([outside]);
          expect(
            await script.call('intake:choose', { kind: 'folder', assumedZone: 'UTC' }),
          ).toMatchObject({ ok: true, value: { runId: expect.any(Number) as number } });
          expect(await add(join(outside, 'private.jpg'))).toMatchObject({ ok: true });
        } finally {
          script.close();
        }
      },
    );

    it(
      'refuses a watched folder’s move folder the window did not get from the folder dialog',
      { timeout: 60_000 },
      async () => {
        const script = await windowScript(host);
        const watched = await mkdtemp(join(tmpdir(), 'e2e-watched-'));
        const sorted = await mkdtemp(join(tmpdir(), 'e2e-sorted-'));
        const elsewhere = await mkdtemp(join(tmpdir(), 'e2e-elsewhere-'));
        const rule = (folder: string) => ({
          project: { kind: 'per-subfolder' },
          afterUpload: { kind: 'move', folder },
        });
        try {
          // Named by the window alone: refused, before the folder dialog opens.
          expect(await script.call('watch:add', rule(sorted))).toMatchObject({
            ok: false,
            code: 'bad-input',
          });
          // Chosen in main's dialog (queue:choose-move-folder): granted, so the rule takes it.
          await host.choose([sorted]);
          expect(await script.call('queue:choose-move-folder', {})).toMatchObject({
            ok: true,
            value: { folder: sorted },
          });
          await host.choose([watched]);
          expect(await script.call('watch:add', rule(sorted))).toMatchObject({
            ok: true,
            value: { added: true },
          });
          // An edit cannot point the move elsewhere without the dialog either.
          expect(
            await script.call('watch:update', { ...rule(elsewhere), path: watched }),
          ).toMatchObject({ ok: false, code: 'bad-input' });
          expect(await script.call('watch:list', {})).toMatchObject({
            ok: true,
            value: [{ rule: { path: watched, afterUpload: { kind: 'move', folder: sorted } } }],
          });
        } finally {
          await script.call('watch:remove', { path: watched });
          script.close();
          for (const made of [watched, sorted, elsewhere])
            await rm(made, { recursive: true, force: true });
        }
      },
    );

    it(
      'shows hostile descriptions from the service as plain allowed HTML, in the editor and in a conflict',
      { timeout: 90_000 },
      async () => {
        await page.getByRole('button', { name: 'Sign in' }).click();
        await approveInBrowser(browser, await host.nextBrowserUrl());
        await page.getByText(`Signed in to ${new URL(service.info.auth_url).hostname}`).waitFor();
        // A colleague puts a photo on the service, with the marker the proxy swaps for raw HTML.
        const token = await colleagueToken(browser, service.info);
        const project = service.info.projects[1];
        if (project === undefined) throw new Error('the service has too few projects');
        const created = await api(
          service.info,
          token,
          'POST',
          `/v2/projects/${project.id}/photos`,
          {
            photo: {
              uri: files.url('/a.jpg'),
              captured_at: 1_224_685_719,
              description: 'HOSTILE-ONE',
            },
          },
        );
        expect(created.status).toBe(201);
        const photoId = (created.body as { id: string }).id;

        await page.getByRole('button', { name: 'Existing photos' }).click();
        await page.getByLabel(/Project: search/).fill(project.name);
        await page.getByRole('button', { name: new RegExp(project.name) }).click();
        const grid = page.getByRole('list', { name: 'Photos in this project' });
        await grid.getByRole('button').first().click();
        const detail = page.getByRole('group', { name: `Photo ${photoId}` });
        await detail.waitFor();
        await expect.poll(() => detail.locator('.preview').innerHTML()).toContain('Slab');
        // On the card, in the editor and its preview: the allowed HTML of the first hostile
        // description (the screen's own inputs, the filters and the cards' boxes, are not its).
        expectOnlyAllowedHtml(await detail.innerHTML());
        expectOnlyAllowedHtml(await grid.getByRole('listitem').first().locator('p').innerHTML());
        expect(await detail.locator('.preview').innerHTML()).toBe(
          '<p>Slab</p><a>rel</a><a href="https://ok.example/">ok</a>',
        );
        // The service now says something else: saving shows both versions.
        const changed = await api(
          service.info,
          token,
          'POST',
          `/v2/photos/${photoId}/descriptions`,
          {
            description: 'HOSTILE-TWO',
          },
        );
        expect(changed.status).toBe(201);
        await page.getByRole('textbox', { name: 'Description of this photo' }).click();
        await page.keyboard.press('Control+A');
        await page.keyboard.type('Mine');
        await page.getByRole('button', { name: 'Save description' }).click();
        const conflict = page.getByRole('group', { name: 'Description conflict' });
        await conflict.waitFor({ timeout: 20_000 });
        const theirs = conflict.locator('.preview').nth(1);
        expect(await theirs.innerHTML()).toBe(CLEAN_TWO);

        expectOnlyAllowedHtml(await conflict.innerHTML());
        expectOnlyAllowedHtml(await detail.innerHTML());
        expect(await page.evaluate('window.hacked')).toBeUndefined();
      },
    );

    it('refuses a change of the service address the user did not confirm, and applies a confirmed one', async () => {
      const script = await windowScript(host);
      try {
        const evil = 'http://127.0.0.1:9/';
        expect(await script.call('settings:set', { baseUrl: evil })).toMatchObject({
          ok: false,
          message: expect.stringContaining('was not confirmed') as string,
        });
        expect(
          await script.call('settings:set', { authUrl: evil, clientId: 'other' }),
        ).toMatchObject({
          ok: false,
        });
        expect(await script.call('settings:get', {})).toMatchObject({
          ok: true,
          value: { baseUrl: proxy.origin, authUrl: service.info.auth_url },
        });
        // The zone alone needs no confirmation.
        expect(await script.call('settings:set', { assumedZone: 'Europe/Rome' })).toMatchObject({
          ok: true,
        });
        await host.answerConfirmation(true);
        expect(await script.call('settings:set', { baseUrl: evil })).toMatchObject({
          ok: true,
          value: { baseUrl: evil.replace(/\/$/, '') },
        });
      } finally {
        script.close();
      }
    });
  },
);
