import { runCommandLineProcess } from './command-line-process';

// Entry point of the command line from a checkout: `npm run cli`, and the package's
// `photo-uploader` bin (build/photo-uploader.mjs), which runs it in its own process.

void runCommandLineProcess(process.argv.slice(2), process.env, (code) => process.exit(code));
