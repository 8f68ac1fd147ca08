import { z } from 'zod';
import { sanitizeDescription } from '../../shared/description/description-policy';

// The vendor's OpenAPI document requires only `id` on a Photo and on a Project. Everything else
// here is optional, and a field that is missing, null or of an unexpected type reads as "not
// known" instead of making the whole answer unreadable. Only what the uploader uses is parsed.

/** Ids are strings on the service; some answers carry numbers. An empty id is no id. */
const id = z.union([z.string().min(1), z.number()]).transform(String);

/** A field that may be missing or unreadable: then `fallback`. */
function optionalField<T extends z.ZodType, F>(schema: T, fallback: F) {
  return schema
    .optional()
    .catch(undefined)
    .transform((value): z.output<T> | F => value ?? fallback);
}

const coordinatesObject = z.object({ lat: z.number(), lon: z.number() });

/** `{lat, lon}`, an array of one such object (seen in the wild), or nothing. */
const coordinates = z
  .union([coordinatesObject, z.array(coordinatesObject), z.null()])
  .optional()
  .catch(undefined)
  .transform((value) => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null)));

/**
 * A project's `geofence`: the site's outline as `{lat, lon}` corners (the vendor's document).
 * Anything else (fewer than three corners, a corner out of range or not a number) is ignored:
 * null, so the project falls back to its coordinates and the page is still read.
 */
const geofence = z
  .array(
    z.object({
      lat: z.number().min(-90).max(90),
      lon: z.number().min(-180).max(180),
    }),
  )
  .min(3)
  .nullable()
  .optional()
  .catch(undefined)
  .transform((value) => value ?? null);

/**
 * A plain string, `{id, html_content, plain_text_content}` (seen in the wild) or null (no
 * description: ''). Missing or unreadable: undefined, because "the service did not say" must not
 * be mistaken for "the description is empty" when an edit checks for a colleague's change.
 */
const description = z
  .union([
    z.string(),
    z.object({ html_content: z.string().nullable().optional() }).passthrough(),
    z.null(),
  ])
  .optional()
  .catch(undefined)
  // Sanitized on arrival with the shared policy: whatever the service sends, only the allowed
  // HTML is kept, compared (conflicts) and shown. Missing means not known.
  .transform((value): string | undefined =>
    value === undefined
      ? undefined
      : sanitizeDescription(typeof value === 'string' ? value : (value?.html_content ?? '')),
  );

/** The statuses the service documents, in the order a photo goes through them. */
export const processingStatuses = [
  'pending',
  'processing',
  'processed',
  'processing_error',
  'duplicate',
] as const;

/**
 * A photo's processing status; `unknown` when the answer had none or one this app does not know.
 * Unknown is never read as processed: only the service's word makes a photo done.
 */
export type ProcessingStatus = (typeof processingStatuses)[number] | 'unknown';

const processingStatus = z
  .enum(processingStatuses)
  .optional()
  .catch(undefined)
  .transform((value): ProcessingStatus => value ?? 'unknown');

/** The MD5 of the image (32 hex digits), once processed; anything else reads as not known. */
const hash = z
  .string()
  .regex(/^[0-9a-fA-F]{32}$/)
  .nullable()
  .optional()
  .catch(undefined)
  .transform((value) => (value ? value.toLowerCase() : null));

/** One rendition; an unreadable one is dropped, not the photo. */
const photoUri = z.object({
  type: z.string(),
  url: z.string().optional().catch(undefined),
  uri: z.string().optional().catch(undefined),
});

const photoUris = z
  .array(z.unknown())
  .optional()
  .catch(undefined)
  .transform((items) =>
    (items ?? []).flatMap((item) => {
      const parsed = photoUri.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  );

/**
 * The photo's page on the service (`photo_url`): kept only when it is an absolute http(s) URL;
 * anything else (missing, null, another scheme, unreadable) reads as none. Whether the window may
 * open it is decided again when it is opened (`navigation-rules.ts`).
 */
const photoUrl = z
  .string()
  .optional()
  .catch(undefined)
  .transform((value): string | undefined => {
    if (value === undefined || !URL.canParse(value)) return undefined;
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  });

const photoFields = z.object({
  id,
  project_id: optionalField(id, undefined),
  processing_status: processingStatus,
  hash,
  captured_at: optionalField(z.number().nullable(), null),
  coordinates,
  description,
  internal: optionalField(z.boolean(), false),
  uris: photoUris,
  tags: optionalField(z.array(z.string()), []),
  photo_url: photoUrl,
  /** Who uploaded it (service facts); a minimal answer leaves both out. */
  creator_id: optionalField(id, undefined),
  creator_name: optionalField(z.string().trim().min(1), undefined),
});

/** A Photo, bare or wrapped in `photo` (both are seen). */
export const photoSchema = z.union([
  z.object({ photo: photoFields }).transform((value) => value.photo),
  photoFields,
]);

/** A photo as the uploader reads it: only `id` is certain. */
export type ServicePhoto = z.output<typeof photoFields>;

/** A project's address: the vendor allows `null` in every field, and for the whole address. */
const address = z
  .object({
    street_address_1: optionalField(z.string().nullable(), null),
    city: optionalField(z.string().nullable(), null),
    state: optionalField(z.string().nullable(), null),
    postal_code: optionalField(z.string().nullable(), null),
    country: optionalField(z.string().nullable(), null),
  })
  .nullable()
  .optional()
  .catch(undefined)
  .transform((value) => value ?? null);

export const projectSchema = z.object({
  id,
  /** Nullable in the vendor's document. */
  name: optionalField(z.string().nullable(), null),
  address,
  photo_count: optionalField(z.number(), undefined),
  project_url: optionalField(z.string(), undefined),
  coordinates,
  archived: optionalField(z.boolean(), undefined),
  status: optionalField(z.string(), undefined),
  geofence,
});

/** A project as the uploader reads it: only `id` is certain. */
export type ServiceProject = z.output<typeof projectSchema>;

/** `{"errors": [...]}`, the service's error body. */
export const errorBodySchema = z.object({ errors: z.array(z.string()) });

/** A list answer item by item: the items that could be read, and how many could not. */
export type ParsedList<T> = {
  readonly items: T[];
  /** Items skipped because they could not be read, with their id when one was readable. */
  readonly skipped: readonly { readonly index: number; readonly id: string | undefined }[];
  /** Length of the array the service sent: a page is short by this, not by what was read. */
  readonly rawLength: number;
};

const anyId = z.object({ id }).partial();

/**
 * Parses a bare array answer one item at a time, so one odd item costs that item, never the page.
 * Undefined when the answer is not an array at all.
 */
export function parseList<T extends z.ZodType>(
  json: unknown,
  itemSchema: T,
): ParsedList<z.output<T>> | undefined {
  if (!Array.isArray(json)) return undefined;
  const items: z.output<T>[] = [];
  const skipped: { index: number; id: string | undefined }[] = [];
  json.forEach((raw: unknown, index) => {
    const parsed = itemSchema.safeParse(raw);
    if (parsed.success) items.push(parsed.data);
    else {
      const named = anyId.safeParse(raw);
      skipped.push({ index, id: named.success ? named.data.id : undefined });
    }
  });
  return { items, skipped, rawLength: json.length };
}

/** A photo list item: the bare Photo the service lists. */
export const photoListItemSchema = photoFields;
