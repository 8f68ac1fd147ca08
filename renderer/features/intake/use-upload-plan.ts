import { useMemo, useState } from 'react';
import type { IntakeItemView } from '../../../shared/ipc/views';
import type { FarChoice } from './FarPhotos';
import { useFarPhotos } from './use-far-photos';
import { useServiceCopies } from './use-service-copies';

/**
 * What the upload button will send, and the choices that shape it: the photos already on the
 * service for the chosen project (left out unless the user allows duplicates), and the photos
 * taken far from it (uploaded anyway, left out or moved, as the user chooses).
 */
export function useUploadPlan({
  uploadable,
  projectId,
  intakeDone,
  bySubfolder,
  anyPosition,
}: {
  readonly uploadable: readonly IntakeItemView[];
  readonly projectId: string | undefined;
  readonly intakeDone: boolean;
  /** Per-subfolder batches are not checked for far photos. */
  readonly bySubfolder: boolean;
  readonly anyPosition: boolean;
}) {
  // Photos the chosen project already has are left out unless the user says otherwise.
  const service = useServiceCopies(projectId, uploadable, intakeDone);
  const [allowDuplicates, setAllowDuplicates] = useState(false);
  // Memoized: a new list on every render (each keystroke) re-ran the far-photo check over it.
  const onServiceCount = useMemo(
    () =>
      service.copies.size === 0
        ? 0
        : uploadable.filter((item) => service.copies.get(item.intakeId)?.inChosenProject === true)
            .length,
    [uploadable, service.copies],
  );
  const toUpload = useMemo(
    () =>
      allowDuplicates || service.copies.size === 0
        ? uploadable
        : uploadable.filter((item) => service.copies.get(item.intakeId)?.inChosenProject !== true),
    [allowDuplicates, uploadable, service.copies],
  );
  // Photos taken far from the one chosen project.
  const far = useFarPhotos(bySubfolder ? undefined : projectId, toUpload, anyPosition);
  const [farChoice, setFarChoice] = useState<FarChoice>('upload');
  return {
    service,
    allowDuplicates,
    setAllowDuplicates,
    onServiceCount,
    toUpload,
    far,
    farChoice,
    setFarChoice,
  };
}

/** The state `useUploadPlan` returns. */
export type UploadPlan = ReturnType<typeof useUploadPlan>;
