import { runCli } from './cli';

// Entry point of `npm run cli`.
runCli(process.argv.slice(2), process.env, process.stdout, process.stderr).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`cli: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
