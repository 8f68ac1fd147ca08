import { shell } from 'electron';
import type { Browser } from '../auth/browser';

/** Opens the sign-in page in the user's default browser (RFC 8252: never in an app window). */
export class ElectronSystemBrowser implements Browser {
  async open(url: string): Promise<void> {
    if (!/^https?:\/\//i.test(url)) throw new Error('Only http(s) addresses are opened');
    await shell.openExternal(url);
  }
}
