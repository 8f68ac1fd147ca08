import type { IntakeItemView } from '../../shared/ipc/views';

/** A photo's entry in the review (not a skipped file). */
type PhotoItemView = Extract<IntakeItemView, { status: 'photo' }>;

/**
 * What the window is told of photo `intakeId` at `/drop/IMG_<id>.jpg`: a small JPEG taken
 * 2024-05-01 08:00 at offset +00:00, no position, no camera named; `change` on top.
 */
export function intakeItemView(
  intakeId: number,
  change: Partial<Omit<PhotoItemView, 'status'>> = {},
): PhotoItemView {
  return {
    intakeId,
    status: 'photo',
    path: `/drop/IMG_${intakeId}.jpg`,
    root: '/drop',
    folders: [],
    format: 'jpeg',
    size: 1000,
    capture: {
      capturedAt: 1_714_550_400,
      capturedAtMs: 1_714_550_400_000,
      rule: 'offset',
      zone: '+00:00',
      wallTime: '2024-05-01T08:00:00',
      source: 'DateTimeOriginal',
    },
    coordinates: null,
    width: 48,
    height: 32,
    orientation: 1,
    make: undefined,
    model: undefined,
    md5: intakeId.toString(16).padStart(32, '0'),
    duplicateOf: undefined,
    note: undefined,
    ...change,
  };
}
