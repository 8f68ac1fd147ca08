import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { checkedAdminToken, generateAdminToken } from './admin/admin-guard';
import { FaultRules } from './admin/fault-rules';
import { RequestStats } from './admin/request-stats';
import { RateLimiter } from './api/rate-limiter';
import { buildApp } from './app';
import { ServiceClock } from './clock';
import type { ServiceContext } from './context';
import { createDemoClients } from './oauth/clients';
import { GrantStore } from './oauth/grant-store';
import {
  APP_REDIRECT_URI,
  DEFAULT_OPTIONS,
  LOOPBACK_REDIRECT_URI,
  type PhotoServiceOptions,
} from './options';
import { PhotoProcessor } from './processing/photo-processor';
import { SafeFetcher } from './processing/safe-fetch';
import { type S3StoreInfo, startS3Store, type RunningS3Store } from './s3/s3-store';
import type { S3StoreTraffic } from './s3/store-traffic';
import { PhotoStore } from './store/photo-store';
import { createLoopbackCertificate } from './tls-certificate';
import { type FilesOrigin, startFilesOrigin } from './pages/files-origin';

/** What the launcher prints as its first stdout line, and what tests get in process. */
export type LaunchInfo = {
  readonly auth_url: string;
  readonly base_url: string;
  /** The control API, or null when started without `--admin`. */
  readonly admin_url: string | null;
  /**
   * What every control-API request must send as `Authorization: Bearer …`; random per start,
   * null without `--admin`. Only this line carries it: it never goes to logs or to the app.
   */
  readonly admin_token: string | null;
  readonly client_id: string;
  readonly client_secret: string;
  readonly public_client_id: string;
  readonly redirect_uris: readonly string[];
  readonly projects: readonly { readonly id: string; readonly name: string }[];
  readonly s3?: S3StoreInfo;
  /** With `--cdn`: the second origin the photos' renditions are served from. */
  readonly files_url?: string;
  /** With `--tls`: the PEM file of the CA that signed the service's certificate. */
  readonly tls_ca_file?: string;
};

/** A running local Photo Service. */
export type RunningPhotoService = {
  readonly info: LaunchInfo;
  /** Stops answering (listener closed, connections cut) while keeping every state: an outage. */
  suspend(): Promise<void>;
  /** Listens again on the same port after `suspend`. */
  resume(): Promise<void>;
  /**
   * For tests that show how a client uses the network: TCP connections the API server accepted
   * (a client that keeps its connections alive opens few), and the S3 store's traffic.
   */
  readonly traffic: { readonly connections: number; readonly s3: S3StoreTraffic | undefined };
  /** Resolves once no photo is waiting for or in background processing. */
  idle(): Promise<void>;
  /** Stops everything, the S3 store included. */
  close(): Promise<void>;
};

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

function shut(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Starts the local Photo Service on loopback with the given options (defaults as the command
 * line's), and the S3-compatible store when `withS3` is set.
 */
export async function startPhotoService(
  overrides: Partial<PhotoServiceOptions> = {},
): Promise<RunningPhotoService> {
  const options: PhotoServiceOptions = { ...DEFAULT_OPTIONS, ...overrides };
  const clock = new ServiceClock();
  const redirectUris = [APP_REDIRECT_URI, LOOPBACK_REDIRECT_URI, ...options.extraRedirectUris];
  const photos = new PhotoStore(clock);
  const fetcher = new SafeFetcher({
    allowPrivate: options.allowPrivateFetch,
    maxBytes: options.maxDownloadBytes,
    timeoutMs: options.fetchTimeoutMs,
  });
  let origin = '';
  const adminToken =
    options.adminToken === undefined ? generateAdminToken() : checkedAdminToken(options.adminToken);
  const context: ServiceContext = {
    options,
    clock,
    clients: createDemoClients(redirectUris),
    grants: new GrantStore(clock, options),
    photos,
    processor: new PhotoProcessor(photos, fetcher, options.processingDelayMs),
    faults: new FaultRules(),
    stats: new RequestStats(),
    limiter: new RateLimiter(clock, {
      enabled: options.rateLimit,
      windowMs: options.rateWindowMs,
      writes: options.writeLimit,
      reads: options.readLimit,
    }),
    adminToken,
    origin: () => origin,
    filesOrigin: () => files?.origin ?? origin,
  };
  let files: FilesOrigin | undefined;

  const certificate = options.tls ? await createLoopbackCertificate() : undefined;
  let server: Server | undefined;
  const app = await buildApp(context, (handler) => {
    // An https.Server is an http.Server underneath: listen, close and connections work alike.
    server = certificate
      ? createTlsServer({ cert: certificate.cert, key: certificate.key }, handler)
      : createServer(handler);
    return server;
  });
  await app.ready();
  if (server === undefined) throw new Error('The HTTP server was not created');
  const httpServer = server;
  let connections = 0;
  httpServer.on('connection', () => {
    connections += 1;
  });
  const address = await listen(httpServer, options.port, options.host);
  const port = address.port;
  const scheme = certificate ? 'https' : 'http';
  origin = `${scheme}://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${port}`;

  let s3: RunningS3Store | undefined;
  try {
    if (options.cdn) files = await startFilesOrigin(photos, options.host, certificate);
    if (options.withS3) s3 = await startS3Store(options.host, options.s3SecretAccessKey);
  } catch (error) {
    await files?.close();
    await shut(httpServer);
    await certificate?.remove();
    throw error;
  }

  const info: LaunchInfo = {
    auth_url: origin,
    base_url: origin,
    admin_url: options.admin ? `${origin}/__admin` : null,
    admin_token: options.admin ? adminToken : null,
    client_id: context.clients.confidential.id,
    client_secret: context.clients.confidential.secret ?? '',
    public_client_id: context.clients.public.id,
    redirect_uris: redirectUris,
    projects: photos.projects().map((project) => ({ id: project.id, name: project.name })),
    ...(s3 ? { s3: s3.info } : {}),
    ...(files ? { files_url: files.origin } : {}),
    ...(certificate ? { tls_ca_file: certificate.caFile } : {}),
  };

  return {
    info,
    traffic: {
      get connections() {
        return connections;
      },
      s3: s3?.traffic,
    },
    suspend: () => shut(httpServer),
    resume: async () => {
      if (!httpServer.listening) await listen(httpServer, port, options.host);
    },
    idle: () => context.processor.idle(),
    close: async () => {
      await shut(httpServer);
      await files?.close();
      await app.close();
      await context.processor.idle();
      await fetcher.close();
      await s3?.close();
      await certificate?.remove();
    },
  };
}
