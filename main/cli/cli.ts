import { resolve } from 'node:path';
import { login, logout, status } from './auth-commands';
import { type CliContext, openCliContext, UsageError } from './cli-context';
import { COMMANDS, parseCommandLine, PATH_COMMANDS, USAGE } from './cli-options';
import { diagnosticsTarget, saveDiagnostics } from './diagnostics-command';
import { editedHostFromFlags, hostSettingsFromFlags } from './host-flags';
import { hostTest } from './host-test-command';
import { farMetersFlag, inspectPlace } from './far-photos';
import { parseCameraOffsetFlag } from './camera-offset-flag';
import { inspect, inspectCameraOffsets, savedCameraOffsets } from './inspect-command';
import { listPhotos, listProjects } from './list-commands';
import { changeQueue } from './change-queue-command';
import { describe } from './describe-command';
import { report } from './report-command';
import { showQueue } from './show-queue-command';
import { sync } from './sync-command';
import { upload } from './upload-command';
import {
  keepOriginalsFlag,
  noSavedSettings,
  refuseSavedFlagsInDryRun,
  settingsChange,
} from './settings-flags';
import { afterUploadFromFlag } from './after-upload-flag';
import { appVersion } from '../diagnostics/versions';
import { printable } from '../../shared/domain/printable-text';
import { readFilesFrom } from './files-from';
import { ignoreFlagProblem } from './ignore-flag';
import { internalFlag } from './internal-flag';
import { watchFolders } from './watch-command';
import { listPresets, PRESET_COMMANDS, presetFromFlag } from './presets-command';
import { optionsSetupRefuses, setupCommand, terminalOf } from './setup-command';

/** The commands that take `--after-upload`. */
const AFTER_UPLOAD_COMMANDS = new Set(['upload', 'sync', 'watch']);

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
    parsed = parseCommandLine(argv);
  } catch (error) {
    stderr.write(`cli: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.version) {
    stdout.write(`photo-uploader ${appVersion()}\n`);
    return 0;
  }
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
  const ignore = values.ignore ?? [];
  const ignoreProblem = ignoreFlagProblem(command, ignore);
  if (ignoreProblem !== undefined) {
    stderr.write(`${printable(command)}: ${printable(ignoreProblem)}\n`);
    return 2;
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
          ignore,
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
      startAtLogin: values['start-at-login'],
    };
    if (values['after-upload'] !== undefined && !AFTER_UPLOAD_COMMANDS.has(command))
      throw new UsageError('--after-upload is for upload, sync and watch');
    if (values.preset !== undefined && !PRESET_COMMANDS.has(command))
      throw new UsageError('--preset is for upload and watch');
    const internal = internalFlag(command, values.internal, values['no-internal']);
    // Checked before anything is opened: DIR absolute, a folder (or makeable), not a source.
    const afterUpload = await afterUploadFromFlag(values['after-upload'], paths);
    settingsChange(flags, env, noSavedSettings);
    const dryRun = command === 'upload' && values['dry-run'] === true;
    if (dryRun) refuseSavedFlagsInDryRun(values);
    farMetersFlag(values['far-meters']);
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
    // A dry run saves nothing, not even what the environment brings (its keys are used as saved).
    if (change !== undefined && !dryRun) await context.call('settings:set', change);
    // Found before a file is read: an unknown name fails the whole run, listing the presets.
    const preset = values.preset === undefined ? undefined : presetFromFlag(values.preset, saved);
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
            projectId: values.project ?? preset?.projectId,
            preset,
            description: values.description,
            descriptionTemplate: values['description-template'],
            internal,
            zone: values.zone,
            queueOnly: values['queue-only'] ?? false,
            allowDuplicates: values['allow-duplicates'] ?? false,
            tags: values.tag,
            tagsFromFolders: values['tags-from-folders'] ?? false,
            projectPerSubfolder: values['project-per-subfolder'] ?? false,
            skipFar: values['skip-far'] ?? false,
            farMeters: values['far-meters'],
            includeArchived: values['include-archived'] ?? false,
            dryRun: values['dry-run'] ?? false,
            json: values.json ?? false,
            ignore,
            afterUpload,
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
            ignore,
          },
          out,
          values.verbose ?? false,
        );
      case 'sync':
        return await sync(context, out, { afterUpload });
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
          {
            projectId: values.project,
            since: values.since,
            tags: values.tag ?? [],
            uploadedBy: values['uploaded-by'],
            json: values.json ?? false,
          },
          out,
        );
      case 'presets':
        return listPresets(saved, { json: values.json ?? false }, out);
      case 'report':
        return await report(context, { format: values.format }, out);
      case 'watch':
        return await watchFolders(
          context,
          {
            folders: paths,
            // The preset's project, unless one is given (or each subfolder names its own).
            projectId:
              values.project ??
              (values['project-per-subfolder'] === true ? undefined : preset?.projectId),
            preset,
            projectPerSubfolder: values['project-per-subfolder'] ?? false,
            settleSeconds: values['settle-seconds'],
            tags: values.tag ?? [],
            tagsFromFolders: values['tags-from-folders'] ?? false,
            description: values.description,
            descriptionTemplate: values['description-template'],
            internal: values.internal ?? false,
            zone: values.zone,
            includeArchived: values['include-archived'] ?? false,
            ignore,
            afterUpload,
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
