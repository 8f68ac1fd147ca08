import { quietOnClosedPipe } from './closed-pipe';
import { runCli } from './cli';

// Entry point of `npm run cli`.

// The AWS SDK warns on every S3 client made under Node 20 that its later versions will need
// Node 22: eight lines on stderr of every command, about the tools' Node, which is Node 20 by
// design. This is the SDK's own switch for that one warning (a value the user set is kept).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// `npm run cli -- photos … | head`: the reader went away; the command ends quietly.
quietOnClosedPipe(process.stdout, () => process.exit(0));
quietOnClosedPipe(process.stderr, () => process.exit(0));

runCli(process.argv.slice(2), process.env, process.stdout, process.stderr, process.stdin).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`cli: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
