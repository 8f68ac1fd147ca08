import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { login, logout, status } from './auth-commands';
import { type CliContext, openCliContext, UsageError } from './cli-context';
import { diagnosticsTarget, saveDiagnostics } from './diagnostics-command';
import { editedHostFromFlags, hostSettingsFromFlags } from './host-flags';
import { hostTest } from './host-test-command';
import { inspectPlace } from './far-photos';
import { parseCameraOffsetFlag } from './camera-offset-flag';
import { inspect, inspectCameraOffsets, savedCameraOffsets } from './inspect-command';
import { listPhotos, listProjects } from './list-commands';
import { changeQueue } from './change-queue-command';
import { describe } from './describe-command';
import { report } from './report-command';
import { showQueue } from './show-queue-command';
import { sync } from './sync-command';
import { upload } from './upload-command';
import { keepOriginalsFlag, noSavedSettings, settingsChange } from './settings-flags';
import { printable } from '../../shared/domain/printable-text';
import { readFilesFrom } from './files-from';
import { watchFolders } from './watch-command';
import { optionsSetupRefuses, setupCommand, terminalOf } from './setup-command';

/** The commands that open the data folder (`inspect` needs none). */
const COMMANDS = new Set([
  'login',
  'status',
  'logout',
  'upload',
  'sync',
  'describe',
  'queue',
  'retry',
  'pause',
  'resume',
  'cancel',
  'report',
  'diagnostics',
  'projects',
  'photos',
  'host-test',
  'watch',
]);

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  login      sign in through the browser (loopback redirect) and remember the service
  login --insecure-storage  with no keychain (a headless server), keep the sign-in in a
             plain-text file of the data folder, sign-in-tokens.plain-text.json (0600;
             remembered until logout, which removes the file)
  status     say whether you are signed in (--json for a machine-readable line)
  logout     revoke the tokens and forget them
  setup FILE [--yes]  apply a setup file from IT (office.photouploader): prints what it sets
             and asks "Apply this setup? [y/N]"; --yes applies without asking (needed when
             standard input is not a terminal). Its secrets go to the keychain
  upload <paths...> --project ID [--description HTML] [--internal] [--zone IANA] [--queue-only]
         [--tag T]... [--tags-from-folders] [--project-per-subfolder] [--allow-duplicates]
             add photos to the queue, then run it (unless --queue-only); --tag (repeatable) tags
             every photo; --tags-from-folders adds the names of the folders between the given
             folder and each file; --project-per-subfolder sends each subfolder to the project
             named exactly like it (ignoring case; then --project only covers loose files), and
             skips, with the reason, the photos of a subfolder no project is named like;
             photos the project already has are skipped unless --allow-duplicates
         [--include-archived]
             the project is checked first: an unknown id, or one this account may not use, is
             refused; an archived project (given, or named like a subfolder) only with
             --include-archived
         [--skip-far] [--far-meters N]
             a photo taken farther than N metres (default: the farMeters setting, 1000) from
             its project gets a warning line naming the nearest project; --skip-far leaves
             such photos out, each with its reason in the report
  sync       run the queue until every item is done or waits for you (exit 0 only if all done)
  queue [--json]          what is queued, by state
  retry ID|--all, pause [ID], resume [ID], cancel ID
  retry ID --keep-mine|--take-theirs|--description HTML
             settle a description conflict: send yours over the service's, keep the service's,
             or send other words
  describe PHOTO_ID... --description HTML [--base HTML] [--queue-only]
             queue a description edit of uploaded photos, then run the queue; without --base,
             it shows the description it replaces and starts from it
  projects [--search Q] [--json]
             the service's projects: id, name, address, coordinates; archived ones marked
  photos --project ID [--since DATE] [--json]
             a project's photos (taken since DATE, ISO): id, capture time, hash, status,
             tags, description
  report --format json|csv   every item's file, project, outcome, photo id and reason
  diagnostics --out FILE  save one .tar.gz for support: logs (secrets removed), versions,
             settings without secrets, the queue's counts
  host-test [host flags]  put a test image on the photo host, download it from the address the
             service would get, compare; exit 0 only when the round trip holds
  watch <folders...> --project ID|--project-per-subfolder [--settle-seconds N] [--tag T]...
             [--tags-from-folders] [--description HTML] [--internal] [--include-archived]
             queue each complete new photo once, run the queue, until Ctrl-C; the project is
             checked first, as for upload
  inspect <paths...> [--zone IANA] [--json]
             read capture time, position, size and MD5 of photos in files and folders
  inspect <paths...> --project ID [--far-meters N] [--json]
             also each photo's distance to the project (distance_m, far); needs sign-in
  --camera-offset "MAKE MODEL=+1h03m"  (repeatable; upload and inspect) correct a camera's
             clock: the offset is added to its time before the zone rules ("1 h 3 min behind"
             also works; "MAKE MODEL #SERIAL=…" for one body; "MAKE / MODEL=…" when the make
             has spaces; =0 forgets it). Saved for later drops; inspect saves it only with
             --data-dir

Options (the service and photo host flags are saved, like login saves them):
  --data-dir DIR     the data folder: settings, queue, sign-in (default: the app's own, so the
                     command line and the app share one queue; while one runs, the other
                     attaches to it)
  --auth-url URL     the authorization server
  --base-url URL     the API server
  --client-id ID     the app's client id; a confidential client's secret comes from the
                     environment variable PHOTO_UPLOADER_CLIENT_SECRET, never a flag
  --scope "A B"      the scopes to ask for (default: the narrowest the server offers)
  --ca-file PATH     a PEM file of extra certificate authorities to trust (your company's),
                     besides the bundled ones and the system store; proxies come from
                     HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as for curl
  --no-browser       print the authorization URL instead of opening a browser
  --json             machine-readable output (status, inspect: one JSON object per line)
  --zone IANA        the zone assumed for photos nothing else places (default: this computer's)
  --verbose          log progress to stderr (the log file in the data folder has it anyway)
  --files-from FILE|-  (upload, inspect, watch) the paths listed in FILE too, one a line, or
                     NUL-separated as find -print0 writes them; - reads the list from standard
                     input. For lists too long for one command line

Photo host (saved like the other settings):
  --host s3 --s3-endpoint URL --s3-region R --s3-bucket B [--s3-prefix P] [--s3-path-style]
             keys from PHOTO_UPLOADER_S3_ACCESS_KEY_ID and PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY
             (kept in the keychain after first use)
    [--s3-profile NAME]  or the credentials of this AWS profile instead of keys: the shared
             config and credentials files (AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE),
             credential_process, IAM Identity Center (aws sso login)
  --host published --published-root DIR --published-url URL
             one of these flags without --host changes only that part of the host in effect
  --concurrency N    photos worked on at once (default 4)
  --keep-originals   send HEIC/HEIF and TIFF photos unchanged (saved; default: sent as JPEG)
  --convert-originals  send them as JPEG again (the default)
  --max-upload-rate R  cap on bytes sent to the photo host, all lanes together: 500KB/s, 2MB/s,
                     1.5MiB/s (saved; none removes it)
  --hours "DAYS HH:MM-HH:MM"  send only in these hours, in this computer's zone, e.g.
                     "Mon-Fri 18:00-07:00" (may cross midnight; saved; any removes it)
`;

/** The commands that take paths, and so `--files-from`. */
const PATH_COMMANDS = new Set(['upload', 'inspect', 'watch']);

/**
 * Runs one command line; returns the exit code (0 success, 1 failure, 2 usage). `stdin` is read
 * only for `--files-from -`.
 */
export async function runCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  stdout: NodeJS.WritableStream,
  stderr: NodeJS.WritableStream,
  stdin: NodeJS.ReadableStream,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        'data-dir': { type: 'string' },
        'auth-url': { type: 'string' },
        'base-url': { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        scope: { type: 'string' },
        'no-browser': { type: 'boolean' },
        'insecure-storage': { type: 'boolean' },
        json: { type: 'boolean' },
        verbose: { type: 'boolean' },
        zone: { type: 'string' },
        project: { type: 'string' },
        tag: { type: 'string', multiple: true },
        'tags-from-folders': { type: 'boolean' },
        'project-per-subfolder': { type: 'boolean' },
        description: { type: 'string' },
        base: { type: 'string' },
        internal: { type: 'boolean' },
        'queue-only': { type: 'boolean' },
        'allow-duplicates': { type: 'boolean' },
        'include-archived': { type: 'boolean' },
        search: { type: 'string' },
        since: { type: 'string' },
        all: { type: 'boolean' },
        format: { type: 'string' },
        out: { type: 'string' },
        host: { type: 'string' },
        's3-endpoint': { type: 'string' },
        's3-region': { type: 'string' },
        's3-bucket': { type: 'string' },
        's3-prefix': { type: 'string' },
        's3-path-style': { type: 'boolean' },
        's3-profile': { type: 'string' },
        'published-root': { type: 'string' },
        'published-url': { type: 'string' },
        concurrency: { type: 'string' },
        'keep-originals': { type: 'boolean' },
        'convert-originals': { type: 'boolean' },
        'ca-file': { type: 'string' },
        help: { type: 'boolean' },
        'settle-seconds': { type: 'string' },
        'skip-far': { type: 'boolean' },
        'far-meters': { type: 'string' },
        'camera-offset': { type: 'string', multiple: true },
        'max-upload-rate': { type: 'string' },
        hours: { type: 'string' },
        'files-from': { type: 'string' },
        'keep-mine': { type: 'boolean' },
        'take-theirs': { type: 'boolean' },
        yes: { type: 'boolean' },
      },
    });
  } catch (error) {
    stderr.write(`cli: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || command === undefined) {
    (values.help ? stdout : stderr).write(USAGE);
    return values.help ? 0 : 2;
  }
  if (values['client-secret'] !== undefined) {
    stderr.write(
      'cli: a client secret is never taken as a flag (it would show in the process list); set PHOTO_UPLOADER_CLIENT_SECRET\n',
    );
    return 2;
  }
  // The paths after the command, then those of a `--files-from` list (a file, or `-`: stdin).
  let paths: string[] = positionals.slice(1);
  if (values['files-from'] !== undefined) {
    if (!PATH_COMMANDS.has(command)) {
      stderr.write(`${printable(command)}: --files-from is for upload, inspect and watch\n`);
      return 2;
    }
    try {
      paths = [...paths, ...(await readFilesFrom(values['files-from'], stdin))];
    } catch (error) {
      stderr.write(`${command}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
  }
  if (command === 'setup' && optionsSetupRefuses(values).length > 0) {
    stderr.write(
      `setup: ${optionsSetupRefuses(values).join(', ')} cannot be given with setup: the settings come from the setup file. Nothing was changed.\n`,
    );
    return 2;
  }
  if (command === 'setup')
    // Checked and confirmed before the data folder is opened: a "no" opens nothing.
    return setupCommand(
      { file: positionals[1], yes: values.yes ?? false },
      { out: { stdout, stderr }, terminal: terminalOf(stdin, stdout) },
      () =>
        openCliContext(
          { dataDir: values['data-dir'], verbose: values.verbose ?? false, noBrowser: true },
          env,
          { stdout, stderr },
        ),
    );
  if (command === 'inspect' && values.project === undefined) {
    // Reading photos needs no data folder: no queue, no sign-in.
    try {
      const cameraOffsets = await inspectCameraOffsets(
        (values['camera-offset'] ?? []).map(parseCameraOffsetFlag),
        values['data-dir'],
        env,
        { stdout, stderr },
        values.verbose ?? false,
      );
      return await inspect(
        {
          paths,
          zone: values.zone,
          json: values.json ?? false,
          cameraOffsets,
        },
        { stdout, stderr },
        values.verbose ?? false,
      );
    } catch (error) {
      stderr.write(`inspect: ${error instanceof Error ? error.message : String(error)}\n`);
      return error instanceof UsageError ? 2 : 1;
    }
  }
  // `inspect --project` asks the service where the project is: it opens the data folder.
  if (!COMMANDS.has(command) && command !== 'inspect') {
    stderr.write(`cli: unknown command "${printable(command)}"\n${USAGE}`);
    return 2;
  }
  let context: CliContext | undefined;
  try {
    const out = { stdout, stderr };
    // Check the flags before anything is opened: a bad command line changes nothing.
    const flags = {
      authUrl: values['auth-url'],
      baseUrl: values['base-url'],
      clientId: values['client-id'],
      scope: values.scope,
      photoHost: hostSettingsFromFlags(values),
      concurrency: values.concurrency,
      caFile: values['ca-file'],
      keepOriginals: keepOriginalsFlag(values['keep-originals'], values['convert-originals']),
      cameraOffsets: (values['camera-offset'] ?? []).map(parseCameraOffsetFlag),
      maxUploadRate: values['max-upload-rate'],
      hours: values.hours,
    };
    settingsChange(flags, env, noSavedSettings);
    if (command === 'diagnostics') diagnosticsTarget(values.out);
    context = await openCliContext(
      {
        dataDir: values['data-dir'],
        verbose: values.verbose ?? false,
        noBrowser: values['no-browser'] ?? false,
      },
      env,
      out,
    );
    const saved = await context.call('settings:get', {});
    const change = settingsChange(
      { ...flags, photoHost: flags.photoHost ?? editedHostFromFlags(values, saved.photoHost) },
      env,
      saved,
    );
    if (change !== undefined) await context.call('settings:set', change);
    const rest = positionals.slice(1);
    switch (command) {
      case 'login':
        return await login(context, out, { insecureStorage: values['insecure-storage'] ?? false });
      case 'status':
        return await status(context, { json: values.json ?? false }, out);
      case 'logout':
        return await logout(context, out);
      case 'upload':
        return await upload(
          context,
          {
            paths: paths.map((path) => resolve(path)),
            projectId: values.project,
            description: values.description,
            internal: values.internal ?? false,
            zone: values.zone,
            queueOnly: values['queue-only'] ?? false,
            allowDuplicates: values['allow-duplicates'] ?? false,
            tags: values.tag ?? [],
            tagsFromFolders: values['tags-from-folders'] ?? false,
            projectPerSubfolder: values['project-per-subfolder'] ?? false,
            skipFar: values['skip-far'] ?? false,
            farMeters: values['far-meters'],
            includeArchived: values['include-archived'] ?? false,
          },
          out,
        );
      case 'inspect':
        return await inspect(
          {
            paths,
            zone: values.zone,
            json: values.json ?? false,
            place: await inspectPlace(context, values.project ?? '', values['far-meters']),
            // This run opened the data folder: the saved offsets with the flags' put in (saved).
            cameraOffsets: await savedCameraOffsets(
              context,
              (values['camera-offset'] ?? []).map(parseCameraOffsetFlag),
            ),
          },
          out,
          values.verbose ?? false,
        );
      case 'sync':
        return await sync(context, out);
      case 'describe':
        return await describe(
          context,
          {
            photoIds: rest,
            description: values.description,
            base: values.base,
            queueOnly: values['queue-only'] ?? false,
          },
          out,
        );
      case 'queue':
        return await showQueue(context, { json: values.json ?? false }, out);
      case 'retry':
      case 'pause':
      case 'resume':
      case 'cancel':
        return await changeQueue(context, command, { id: rest[0], all: values.all ?? false }, out, {
          keepMine: values['keep-mine'] ?? false,
          takeTheirs: values['take-theirs'] ?? false,
          description: values.description,
        });
      case 'projects':
        return await listProjects(
          context,
          { search: values.search, json: values.json ?? false },
          out,
        );
      case 'photos':
        return await listPhotos(
          context,
          { projectId: values.project, since: values.since, json: values.json ?? false },
          out,
        );
      case 'report':
        return await report(context, { format: values.format }, out);
      case 'watch':
        return await watchFolders(
          context,
          {
            folders: paths,
            projectId: values.project,
            projectPerSubfolder: values['project-per-subfolder'] ?? false,
            settleSeconds: values['settle-seconds'],
            tags: values.tag ?? [],
            tagsFromFolders: values['tags-from-folders'] ?? false,
            description: values.description,
            internal: values.internal ?? false,
            zone: values.zone,
            includeArchived: values['include-archived'] ?? false,
          },
          out,
        );
      case 'diagnostics':
        return await saveDiagnostics(context, diagnosticsTarget(values.out), out);
      case 'host-test':
        return await hostTest(context, out);
      default:
        stderr.write(`cli: unknown command "${printable(command)}"\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`${command}: ${printable(context ? context.redactor.text(message) : message)}\n`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await context?.close();
  }
}
