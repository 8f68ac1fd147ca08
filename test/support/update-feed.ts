import { createHash } from 'node:crypto';
import {
  type ClientRequest,
  createServer,
  type IncomingMessage,
  request,
  type RequestOptions,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import electronUpdater from 'electron-updater';
import {
  configureRequestOptions,
  configureRequestUrl,
  type DownloadOptions,
  HttpExecutor,
} from 'builder-util-runtime';

/** The bytes the feed serves as the new version's AppImage. */
export const NEW_APP_BYTES = Buffer.from(
  `#!/bin/sh\necho "Photo Uploader 9.9.9"\n${'x'.repeat(64 * 1024)}`,
);

/** The new version the feeds offer. */
export const NEW_VERSION = '9.9.9';

const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** The `latest-linux.yml` electron-builder writes for one AppImage, with its checksum as given. */
function channelFile(fileName: string, checksum: string): string {
  return [
    `version: ${NEW_VERSION}`,
    'files:',
    `  - url: ${fileName}`,
    `    sha512: ${checksum}`,
    `    size: ${NEW_APP_BYTES.length}`,
    `path: ${fileName}`,
    `sha512: ${checksum}`,
    "releaseDate: '2026-11-27T12:00:00.000Z'",
    '',
  ].join('\n');
}

/**
 * A generic update feed on loopback, as an organisation hosts one (`updateUrl`): `/good/` with
 * the right sha512 of the file it serves, `/bad/` with the sha512 of other bytes.
 */
export async function startUpdateFeed(): Promise<{
  readonly url: (feed: 'good' | 'bad') => string;
  readonly requests: string[];
  readonly close: () => Promise<void>;
}> {
  const requests: string[] = [];
  const file = 'Photo-Uploader-9.9.9.AppImage';
  const files: Record<string, { type: string; body: Buffer }> = {
    '/good/latest-linux.yml': {
      type: 'text/yaml',
      body: Buffer.from(channelFile(file, sha512(NEW_APP_BYTES))),
    },
    '/bad/latest-linux.yml': {
      type: 'text/yaml',
      body: Buffer.from(channelFile(file, sha512(Buffer.from('other bytes')))),
    },
    [`/good/${file}`]: { type: 'application/octet-stream', body: NEW_APP_BYTES },
    [`/bad/${file}`]: { type: 'application/octet-stream', body: NEW_APP_BYTES },
  };
  const server: Server = createServer((incoming, answer) => {
    const path = (incoming.url ?? '').split('?')[0] ?? '';
    requests.push(path);
    const found = files[path];
    if (found === undefined) {
      answer.writeHead(404).end();
      return;
    }
    answer.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length });
    answer.end(found.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (feed) => `http://127.0.0.1:${port}/${feed}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * electron-updater's HTTP over Node's `http` instead of Electron's `net` (which needs Electron's
 * runtime): the same `HttpExecutor` base (builder-util-runtime) its Electron executor extends,
 * so the download and its sha512 check are electron-updater's own code.
 */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(
    options: RequestOptions,
    callback: (response: IncomingMessage) => void,
  ): ClientRequest {
    return request(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) =>
            error === null || error === undefined ? resolve(destination) : reject(error),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

/**
 * A real electron-updater AppImage updater for an installed 0.1.0, whose app is a plain object
 * (electron-updater's `AppAdapter`, which Electron's `app` fills in the app) and whose HTTP is
 * Node's: everything else (the generic provider, the version comparison, the download to its
 * cache, the sha512 check, the events) is electron-updater's own. Installing (replacing the
 * AppImage, running the NSIS installer, Squirrel.Mac) and quitting need Electron and a package,
 * and are left out: the tests record that they were asked.
 */
export function loopbackUpdater(
  folder: string,
): InstanceType<typeof electronUpdater.AppImageUpdater> {
  const adapter: AppAdapter = {
    version: '0.1.0',
    name: 'Photo Uploader',
    isPackaged: true,
    appUpdateConfigPath: join(folder, 'app-update.yml'),
    userDataPath: join(folder, 'user-data'),
    baseCachePath: join(folder, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const updater = new electronUpdater.AppImageUpdater(null, adapter);
  // Before the feed is set: its provider takes the executor when it is made.
  Reflect.set(updater, 'httpExecutor', new NodeHttpExecutor());
  updater.disableDifferentialDownload = true;
  updater.logger = null;
  return updater;
}
