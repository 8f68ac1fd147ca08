import exifr from 'exifr';
import type { Coordinates } from '../../shared/domain/intake';
import type { DateCandidate } from './capture-time';
import { gpsPosition } from './gps-position';

/** What the intake uses from a photo's EXIF and XMP, each value parsed. */
export type PhotoTags = {
  readonly dates: readonly DateCandidate[];
  readonly gpsDate: string | undefined;
  readonly gpsTime: readonly number[] | undefined;
  readonly position: Coordinates | null;
  readonly orientation: number;
  readonly make: string | undefined;
  readonly model: string | undefined;
  /** EXIF `BodySerialNumber` (exifr calls it `SerialNumber`): tells two bodies of a model apart. */
  readonly serial: string | undefined;
  readonly exifWidth: number | undefined;
  readonly exifHeight: number | undefined;
};

type Segment = Readonly<Record<string, unknown>>;

/** exifr does not export its options type. */
type ExifrOptions = Exclude<Parameters<typeof exifr.parse>[1], undefined | boolean | unknown[]>;

function segment(output: unknown, name: string): Segment {
  if (typeof output !== 'object' || output === null) return {};
  const value = (output as Record<string, unknown>)[name];
  return typeof value === 'object' && value !== null ? (value as Segment) : {};
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // EXIF ASCII values are C strings: what follows the first NUL is padding or garbage.
  const end = value.indexOf('\0');
  const trimmed = (end === -1 ? value : value.slice(0, end)).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A number, or the first of a short list (exifr returns some SHORT tags as array-likes). */
function integer(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'object' && value !== null && 0 in value)
    return integer((value as Record<number, unknown>)[0]);
  return undefined;
}

function numbers(value: unknown): readonly number[] | undefined {
  if (!Array.isArray(value) || !value.every((part) => typeof part === 'number')) return undefined;
  return value;
}

const EXIF_OPTIONS = {
  reviveValues: false, // its revived dates use the host's zone and drop offsets
  translateValues: false,
  translateKeys: true,
  mergeOutput: false,
  sanitize: true,
  ifd0: { pick: ['Make', 'Model', 'Orientation'] },
  exif: {
    pick: [
      'DateTimeOriginal',
      'CreateDate',
      'OffsetTimeOriginal',
      'OffsetTimeDigitized',
      'SubSecTimeOriginal',
      'SubSecTimeDigitized',
      'ExifImageWidth',
      'ExifImageHeight',
      'SerialNumber',
    ],
  },
  gps: {
    pick: [
      'GPSLatitude',
      'GPSLatitudeRef',
      'GPSLongitude',
      'GPSLongitudeRef',
      'GPSDateStamp',
      'GPSTimeStamp',
    ],
  },
  ifd1: false,
  interop: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
} satisfies ExifrOptions;

/** XMP tags that can carry a capture date, most trusted first. */
const XMP_DATES: readonly [namespace: string, tag: string][] = [
  ['exif', 'DateTimeOriginal'],
  ['xmp', 'CreateDate'],
  ['xap', 'CreateDate'],
  ['photoshop', 'DateCreated'],
];

/**
 * What every XMP packet exifr can read carries in plain bytes: the name of a JPEG's XMP segment,
 * PNG's keyword for its XMP chunk, and the RDF namespace every packet declares (a TIFF's, whose
 * tag has no name of its own to look for).
 */
const XMP_MARKERS = [
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://ns.adobe.com/xap/1.0/',
  'XML:com.adobe.xmp',
].map((marker) => Buffer.from(marker, 'latin1'));

/** Whether `file` may hold an XMP packet: a native search, far cheaper than a second parse. */
export function mayHoldXmp(file: Uint8Array): boolean {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  return XMP_MARKERS.some((marker) => bytes.includes(marker));
}

async function readXmpDates(file: Uint8Array): Promise<DateCandidate[]> {
  if (!mayHoldXmp(file)) return [];
  const output: unknown = await exifr.parse(file, {
    reviveValues: false,
    mergeOutput: false,
    tiff: false,
    xmp: true,
    multiSegment: true,
  });
  return XMP_DATES.map(([namespace, tag]) => ({
    source: `xmp ${namespace}:${tag}`,
    value: text(segment(output, namespace)[tag]),
  })).filter((candidate) => candidate.value !== undefined);
}

/**
 * Reads the tags the intake needs with exifr. XMP is read only when EXIF holds no date, or to
 * find the offset of an EXIF date (Lightroom writes it there). Absent EXIF gives empty tags.
 * @throws what exifr throws for a file it cannot read or parse (corrupt EXIF, for one).
 */
export async function readPhotoTags(file: Uint8Array): Promise<PhotoTags> {
  const output: unknown = await exifr.parse(file, EXIF_OPTIONS);
  const ifd0 = segment(output, 'ifd0');
  const exif = segment(output, 'exif');
  const gps = segment(output, 'gps');
  const exifDates: DateCandidate[] = [
    {
      source: 'DateTimeOriginal',
      value: text(exif.DateTimeOriginal),
      offset: text(exif.OffsetTimeOriginal),
      subSeconds: text(exif.SubSecTimeOriginal),
    },
    {
      source: 'CreateDate',
      value: text(exif.CreateDate),
      offset: text(exif.OffsetTimeDigitized),
      subSeconds: text(exif.SubSecTimeDigitized),
    },
  ];
  const hasOffset = exifDates.some((candidate) => candidate.offset !== undefined);
  // XMP is only worth its cost when EXIF cannot decide on its own.
  const xmpDates = hasOffset ? [] : await readXmpDates(file).catch(() => []);
  const orientation = integer(ifd0.Orientation);
  return {
    dates: [...exifDates.filter((candidate) => candidate.value !== undefined), ...xmpDates],
    gpsDate: text(gps.GPSDateStamp),
    gpsTime: numbers(gps.GPSTimeStamp),
    position: gpsPosition({
      latitude: gps.GPSLatitude,
      latitudeRef: text(gps.GPSLatitudeRef),
      longitude: gps.GPSLongitude,
      longitudeRef: text(gps.GPSLongitudeRef),
    }),
    orientation:
      orientation !== undefined && orientation >= 1 && orientation <= 8 ? orientation : 1,
    make: text(ifd0.Make),
    model: text(ifd0.Model),
    serial: text(exif.SerialNumber),
    exifWidth: integer(exif.ExifImageWidth),
    exifHeight: integer(exif.ExifImageHeight),
  };
}
