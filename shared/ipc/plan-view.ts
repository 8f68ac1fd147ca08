import type { CaptureRule, Coordinates } from '../domain/intake';
import type { Words } from '../i18n/translator';

/**
 * What `queue:plan-photos` says of one photo of the call: what would be sent (its project,
 * capture time and the rule that placed it, position, description, tags), or why it would not
 * be. The same plan as `queue:add-photos`, which queues what this only shows.
 */
export type PlannedPhotoView =
  | {
      readonly intakeId: number;
      /** The file as intake found it (the queue keeps its real path, links resolved). */
      readonly path: string;
      readonly action: 'send';
      readonly projectId: string;
      /** The project's name, where the service named it (the id alone says little to a person). */
      readonly projectName?: string | undefined;
      /** Seconds since the epoch, as the service gets it (`captured_at`). */
      readonly capturedAt: number;
      /** How the zone of `capturedAt` was decided (EXIF offset, GPS, assumed zone, file time). */
      readonly captureRule: CaptureRule;
      /** The offset or IANA zone the capture time was read in. */
      readonly zone: string;
      /** Which tag the time came from (`DateTimeOriginal`, `file modification time`…). */
      readonly captureSource: string;
      readonly coordinates: Coordinates | null;
      /** The description as it would be sent (the description policy applied). */
      readonly description: string;
      /** The tags as they would be sent (normalized). */
      readonly tags: readonly string[];
      readonly internal: boolean;
      /** The queue item that already holds it: queuing again adds nothing, sync sends that one. */
      readonly queuedItemId?: number | undefined;
    }
  | {
      readonly intakeId: number;
      readonly path: string;
      /** `skip`: left out (far, ignored, a subfolder without a project…); `on-service`: a duplicate. */
      readonly action: 'skip' | 'on-service';
      /** The project the photo was meant for, when it has one. */
      readonly projectId: string | undefined;
      /** That project's name, where the service named it. */
      readonly projectName?: string | undefined;
      readonly reason: Words;
      /** For `on-service`: the service's photo that holds these bytes. */
      readonly photoId?: string | undefined;
    };

/** What `queue:preview-descriptions` says of one photo: its file name and what it would be sent. */
export type PreviewedDescription = {
  readonly intakeId: number;
  readonly fileName: string;
  /** Rendered from the template and cleaned by the description policy, as it is sent. */
  readonly description: string;
};
