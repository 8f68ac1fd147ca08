import type { Preset } from '../../shared/domain/presets';
import type { WatchFolderState } from '../../shared/domain/watch-rule';
import type { Words } from '../../shared/i18n/translator';
import type { Logger } from '../logging/logger';
import type { WatchCore } from './watch-core';
import type { WatchLedger } from './watch-ledger';

// The options of `WatchService` and what it reports, on their own (watch-service.ts was 411
// lines).

/** What the watchers report, for the window (events), the command line (lines) and the log. */
export type WatchReport =
  | { readonly kind: 'queued'; readonly path: string; readonly projectId: string }
  | { readonly kind: 'skipped'; readonly path: string; readonly reason: Words }
  | { readonly kind: 'state'; readonly folders: readonly WatchFolderState[] };

/** What a `WatchService` is given: the core, its ledger, where it reports, and its timings. */
export type WatchServiceOptions = {
  readonly core: WatchCore;
  readonly ledger: WatchLedger;
  readonly logger: Logger;
  readonly report: (report: WatchReport) => void;
  /** The zone assumed for photos nothing else places (read at each intake). */
  readonly assumedZone: () => string;
  /**
   * The settle time: fixed, or read at each look for each file (a setting that may change
   * meanwhile, or a time that depends on the folder the file is in).
   */
  readonly settleMs?: number | ((path: string) => number) | undefined;
  /** How often waiting files and the roots are looked at (default: a fifth of the settle time). */
  readonly tickMs?: number;
  /** How often each root is listed in full, for events that were lost (default 60 s). */
  readonly rescanMs?: number | undefined;
  /** Whether file-system events are listened to (default true; off: the listings only). */
  readonly fileEvents?: boolean | undefined;
  readonly now?: () => number;
  /**
   * The presets in effect, read at each look: a rule naming one takes its defaults (see
   * `usableRule`). Default: none.
   */
  readonly presets?: () => readonly Preset[];
};
