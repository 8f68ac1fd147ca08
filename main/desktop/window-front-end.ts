import { basename } from 'node:path';
import { z } from 'zod';
import { createTranslator, type Translate, type Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import type { DroppedFilesResult } from '../../shared/ipc/bridge';
import { MAX_PER_MESSAGE } from '../../shared/ipc/message-limits';
import type { IpcResult } from '../../shared/ipc/contract';
import type { SetupResultView } from '../../shared/ipc/views';
import { isSetupFileName } from '../settings/setup-file';
import {
  failedResult,
  type IpcHandlers,
  IpcFailure,
  type IpcSender,
  resultOfFailure,
} from '../../shared/ipc/dispatcher';
import type { FrontEnd } from '../core/front-end';
import { PathGrants, type RefusedPath } from '../core/path-grants';
import {
  type ConfirmationQuestion,
  confirmationQuestion,
  type SensitiveChange,
} from '../core/sensitive-change';
import { setupQuestion, type SetupToConfirm } from '../core/setup-question';

/** Shows a confirmation the window cannot answer (Electron's native dialog); true if confirmed. */
export type AskUser = (question: ConfirmationQuestion) => Promise<boolean>;

/**
 * The words for refused paths (at least one): the first by its name, the others counted. The
 * window named them itself, so naming one back tells nothing.
 */
export function refusalMessage(refused: readonly [RefusedPath, ...RefusedPath[]]): Words {
  const [first] = refused;
  return words(first.reason === 'not-found' ? 'error.paths.notFound' : 'error.paths.notGranted', {
    name: basename(first.path),
    others: refused.length - 1,
  });
}

/**
 * The app window's rules: it may take in only what the operating system handed over (a drop or
 * the open dialog), and changes of where tokens or photos go need the user's answer in a dialog
 * shown by main.
 */
export class WindowFrontEnd implements FrontEnd {
  readonly kind = 'window';
  readonly #grants = new PathGrants();

  /**
   * @param ask shows the question in a native dialog.
   * @param words the words questions are asked in, at the time of asking (the app's language;
   *   English when not given).
   */
  constructor(
    private readonly ask: AskUser,
    private readonly words: () => Translate = () => createTranslator('en').t,
  ) {}

  grant(paths: readonly string[]): Promise<void> {
    return this.#grants.grant(paths);
  }

  async checkPaths(paths: readonly string[]): Promise<void> {
    const [first, ...others] = await this.#grants.refused(paths);
    if (first !== undefined) throw new IpcFailure('bad-input', refusalMessage([first, ...others]));
  }

  confirm(change: SensitiveChange): Promise<boolean> {
    return this.ask(confirmationQuestion(change, this.words()));
  }

  confirmSetup(setup: SetupToConfirm): Promise<boolean> {
    return this.ask(setupQuestion(setup, this.words()));
  }
}

/** What the preload sends on `DROP_CHANNEL`: a path per dropped item, empty when unknown. */
const droppedFilesInput = z
  .object({
    paths: z.array(z.string().max(4096)).min(1).max(MAX_PER_MESSAGE),
    assumedZone: z.string().min(1).max(100),
    /** A large drop comes in chunks (see `sendPathsInChunks`): this one joins that run. */
    runId: z.number().int().min(1).optional(),
    more: z.boolean().default(false),
  })
  .strict();

/**
 * The setup file a drop is, when it is one: a lone `.photouploader` file. Dropped with anything
 * else, it is just another file of the drop (intake skips it as not a photo).
 */
export function droppedSetupFile(paths: readonly string[]): string | undefined {
  const [only, ...others] = paths;
  return only !== undefined && others.length === 0 && isSetupFileName(only) ? only : undefined;
}

/**
 * A drop on the window, as the preload (or the bridge host, playing the OS) hands it over: the
 * located paths are granted and taken in, or, when the drop is a lone setup file, it is opened
 * as one by `openSetupFile` (which asks the user in a native confirmation). Only the trusted
 * window frame may drop.
 */
export async function receiveDrop(
  frontEnd: FrontEnd,
  handlers: IpcHandlers,
  rawInput: unknown,
  sender: IpcSender,
  onUnexpected: (error: unknown) => void,
  openSetupFile: (path: string) => Promise<SetupResultView>,
): Promise<IpcResult<DroppedFilesResult>> {
  if (!sender.trusted) return failedResult('untrusted-sender', words('error.untrustedSender'));
  const parsed = droppedFilesInput.safeParse(rawInput);
  if (!parsed.success) return failedResult('bad-input', words('error.drop.unreadable'));
  const paths = parsed.data.paths.filter((path) => path !== '');
  const unlocated = parsed.data.paths.length - paths.length;
  if (paths.length === 0) return { ok: true, value: { runId: null, unlocated } };
  // Only a drop of its own: a chunk of a large drop is photos.
  const setupFile = parsed.data.runId === undefined ? droppedSetupFile(paths) : undefined;
  try {
    if (setupFile !== undefined)
      return { ok: true, value: { runId: null, unlocated, setup: await openSetupFile(setupFile) } };
    await frontEnd.grant(paths);
    const { runId } = await handlers['intake:add-paths']({
      paths,
      assumedZone: parsed.data.assumedZone,
      runId: parsed.data.runId,
      more: parsed.data.more,
    });
    return { ok: true, value: { runId, unlocated } };
  } catch (error) {
    if (error instanceof IpcFailure) return resultOfFailure(error);
    onUnexpected(error);
    return failedResult('failed', words('error.unexpected'));
  }
}
