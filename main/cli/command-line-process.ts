import { quietOnClosedPipe } from './closed-pipe';
import { runCli } from './cli';

/**
 * Runs one command line as this whole process, then ends it through `exit` with the command's
 * exit code: from a checkout (`npm run cli`, the `photo-uploader` bin: `process.exit`) and in the
 * installed app started with a command (`app.exit`). Its output is flushed before the exit.
 */
export async function runCommandLineProcess(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  exit: (code: number) => void,
): Promise<void> {
  // The AWS SDK warns on every S3 client made under Node 20 that its later versions will need
  // Node 22: eight lines on stderr of every command, about the tools' Node, which is Node 20 by
  // design. This is the SDK's own switch for that one warning (a value the user set is kept).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // `photo-uploader photos … | head`: the reader went away; the command ends quietly.
  quietOnClosedPipe(process.stdout, () => exit(0));
  quietOnClosedPipe(process.stderr, () => exit(0));
  let code: number;
  try {
    code = await runCli(args, env, process.stdout, process.stderr, process.stdin);
  } catch (error) {
    process.stderr.write(`cli: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 1;
  }
  // Pipes are asynchronous on some systems (macOS, Windows): an exit right away could cut the
  // last lines off.
  await Promise.all(
    [process.stdout, process.stderr].map(
      (stream) => new Promise<void>((resolve) => stream.write('', () => resolve())),
    ),
  );
  exit(code);
}
