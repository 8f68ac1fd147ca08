#!/usr/bin/env node
// The `photo-uploader` command of a source checkout (package.json `bin`: `npm link`, `npx
// photo-uploader`, and `npm run cli`). It loads the TypeScript command line through tsx's API
// in this very process, rather than through a `tsx` launcher that starts a child process: a
// signal sent to this process (Ctrl-C, `kill`, a service manager's SIGTERM) reaches the command
// itself, so `watch` ends cleanly, journaling what was in flight. The installed app is the same
// command line (`photo-uploader` runs the app's binary headless).
import { register } from 'tsx/esm/api';

register();
await import('../main/cli/run.ts');
