import {
  type CameraOffset,
  cameraOffsetSchema,
  withCameraOffset,
} from '../../shared/domain/camera-clock';
import { parseClockOffset } from '../../shared/domain/clock-offset-words';
import { UsageError } from './cli-context';

const FORMAT =
  'give --camera-offset as "MAKE MODEL=+1h03m" (or "MAKE MODEL #SERIAL=…", "MAKE / MODEL=…" when the make has spaces; the offset may also be words: "1 h 3 min behind")';

/**
 * One `--camera-offset` value: `MAKE MODEL=OFFSET`, `MAKE MODEL #SERIAL=OFFSET`, or
 * `MAKE / MODEL=OFFSET` for a make with spaces (`NIKON CORPORATION / NIKON D750=-45s`). Without
 * ` / ` the first word is the make. The offset is what `parseClockOffset` reads.
 * @throws UsageError for anything else.
 */
export function parseCameraOffsetFlag(text: string): CameraOffset {
  const equals = text.lastIndexOf('=');
  if (equals === -1) throw new UsageError(`--camera-offset "${text}": ${FORMAT}`);
  const offsetSeconds = parseClockOffset(text.slice(equals + 1));
  if (offsetSeconds === undefined)
    throw new UsageError(
      `--camera-offset "${text}": "${text.slice(equals + 1).trim()}" is not an offset such as +1h03m, -45s or "1 h 3 min behind"`,
    );
  let name = text.slice(0, equals).trim();
  let serial: string | undefined;
  const hash = name.lastIndexOf(' #');
  if (hash !== -1) {
    serial = name.slice(hash + 2).trim();
    name = name.slice(0, hash).trim();
  }
  const slash = name.indexOf(' / ');
  const space = name.search(/\s/);
  const [make, model] =
    slash !== -1
      ? [name.slice(0, slash), name.slice(slash + 3)]
      : space === -1
        ? [name, '']
        : [name.slice(0, space), name.slice(space + 1)];
  const parsed = cameraOffsetSchema.safeParse({
    make: make.trim(),
    model: model.trim(),
    ...(serial === undefined ? {} : { serial }),
    offsetSeconds,
  });
  if (!parsed.success) throw new UsageError(`--camera-offset "${text}": ${FORMAT}`);
  return parsed.data;
}

/** The saved offsets with the flags' offsets put in (a flag replaces its camera's entry; 0 removes it). */
export function withCameraOffsetFlags(
  saved: readonly CameraOffset[],
  flags: readonly CameraOffset[],
): CameraOffset[] {
  return flags.reduce<CameraOffset[]>(
    (offsets, flag) => withCameraOffset(offsets, flag),
    [...saved],
  );
}
