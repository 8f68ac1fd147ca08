import { z } from 'zod';
import {
  MAX_DESCRIPTION_LENGTH,
  sanitizeDescription,
} from '../../shared/description/description-policy';
import { ApiError } from './api-error';

/** Latest accepted capture time: 2100-01-01T00:00:00Z. Anything larger is milliseconds or junk. */
export const MAX_CAPTURED_AT = 4_102_444_800;
const MAX_URI_LENGTH = 8192;

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

const coordinates = z.object(
  {
    lat: z
      .number({ error: 'coordinates.lat must be a number' })
      .min(-90, 'coordinates.lat must be between -90 and 90')
      .max(90, 'coordinates.lat must be between -90 and 90'),
    lon: z
      .number({ error: 'coordinates.lon must be a number' })
      .min(-180, 'coordinates.lon must be between -180 and 180')
      .max(180, 'coordinates.lon must be between -180 and 180'),
  },
  { error: 'coordinates must be an object with lat and lon' },
);

const description = z.string({ error: 'description must be a string' });

const photoFields = z.object({
  uri: z
    .string({ error: 'uri is required and must be a string' })
    .max(MAX_URI_LENGTH, `uri is longer than ${MAX_URI_LENGTH} characters`)
    .refine(isHttpUrl, 'uri must be an absolute http or https URL that the service can download'),
  captured_at: z
    .number({ error: 'captured_at is required and must be a number' })
    .int('captured_at must be a whole number of seconds')
    .min(0, 'captured_at must not be before 1970')
    .max(
      MAX_CAPTURED_AT,
      'captured_at is too large: it must be in seconds since 1970, not milliseconds',
    ),
  coordinates: coordinates.nullable().optional(),
  description: description.nullable().optional(),
  internal: z.boolean({ error: 'internal must be true or false' }).optional(),
  tags: z
    .array(z.string().max(100), { error: 'tags must be a list of strings' })
    .max(50)
    .optional(),
});

const createBody = z.object({ photo: z.unknown() }, { error: 'The body must be a JSON object' });
const descriptionBody = z.object(
  { description: z.unknown() },
  { error: 'The body must be a JSON object with a description' },
);

export type PhotoInput = {
  readonly uri: string;
  readonly capturedAt: number;
  readonly coordinates: { readonly lat: number; readonly lon: number } | null;
  readonly description: string;
  readonly internal: boolean;
  readonly tags: readonly string[];
};

function messages(error: z.ZodError): string[] {
  return error.issues.map((issue) => issue.message);
}

/** Sanitizes a description and enforces the length cap. @throws ApiError 422 when too long. */
export function cleanDescription(raw: string): string {
  const clean = sanitizeDescription(raw);
  if (clean.length > MAX_DESCRIPTION_LENGTH) {
    throw new ApiError(422, [
      `description is too long (maximum is ${MAX_DESCRIPTION_LENGTH} characters)`,
    ]);
  }
  return clean;
}

/**
 * Parses the body of `POST /v2/projects/:id/photos`: `{"photo": {...}}`. Unknown fields are
 * ignored, as the real service ignores them.
 * @throws ApiError 400 when the `photo` wrapper is missing, 422 for invalid fields.
 */
export function parseCreateBody(body: unknown): PhotoInput {
  const wrapper = createBody.safeParse(body);
  if (!wrapper.success || wrapper.data.photo === undefined || wrapper.data.photo === null) {
    throw new ApiError(400, ['param is missing or the value is empty: photo']);
  }
  const fields = photoFields.safeParse(wrapper.data.photo);
  if (!fields.success) throw new ApiError(422, messages(fields.error));
  const photo = fields.data;
  return {
    uri: photo.uri,
    capturedAt: photo.captured_at,
    coordinates: photo.coordinates ?? null,
    description: cleanDescription(photo.description ?? ''),
    internal: photo.internal ?? false,
    tags: photo.tags ?? [],
  };
}

/**
 * Parses the body of `POST /v2/photos/:id/descriptions`: `{"description": "..."}`.
 * @throws ApiError 400 when the key is missing, 422 when it is not a string or too long.
 */
export function parseDescriptionBody(body: unknown): string {
  const wrapper = descriptionBody.safeParse(body);
  if (!wrapper.success || wrapper.data.description === undefined) {
    throw new ApiError(400, ['param is missing or the value is empty: description']);
  }
  const text = description.safeParse(wrapper.data.description);
  if (!text.success) throw new ApiError(422, messages(text.error));
  return cleanDescription(text.data);
}
