// Starts a TypeScript worker when the app runs from source (tests, `npm run cli`): Node 20 ignores
// `--import` in a worker's execArgv, so tsx is registered here, inside the worker, before the
// entry is loaded. The built app starts its bundled JavaScript workers directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
