import { spawn } from 'node:child_process';
import type { Browser } from '../auth/browser';

/** The command that opens a URL with the user's default browser on this platform. */
function openerFor(platform: NodeJS.Platform, url: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/**
 * Opens URLs in the system browser without Electron (the command line). The Electron app uses
 * `shell.openExternal` instead. Only http(s) URLs are opened.
 */
export class SystemBrowser implements Browser {
  constructor(private readonly platform: NodeJS.Platform = process.platform) {}

  open(url: string): Promise<void> {
    if (!/^https?:\/\//i.test(url))
      return Promise.reject(new Error('Only http(s) addresses are opened'));
    const [command, args] = openerFor(this.platform, url);
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', reject);
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    });
  }
}

/**
 * For `--no-browser`: says what to do on stderr, and prints the authorization URL alone on its
 * own line of stdout, for the user (or a script) to open.
 */
export class PrintingBrowser implements Browser {
  constructor(
    private readonly out: {
      readonly stdout: { write(text: string): unknown };
      readonly stderr: { write(text: string): unknown };
    },
  ) {}

  open(url: string): Promise<void> {
    this.out.stderr.write('Open this address in a browser to sign in:\n');
    this.out.stdout.write(`${url}\n`);
    return Promise.resolve();
  }
}
