import { z } from 'zod';
import { sanitizeDescription } from '../../shared/description/description-policy';

const coordinatesObject = z.object({ lat: z.number(), lon: z.number() });

/** `{lat, lon}`, an array of one such object (seen in the wild), or nothing. */
const coordinates = z
  .union([coordinatesObject, z.array(coordinatesObject), z.null()])
  .optional()
  .transform((value) => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null)));

/** A plain string, or `{id, html_content, plain_text_content}` (seen in the wild). */
const description = z
  .union([
    z.string(),
    z.object({ html_content: z.string().nullable().optional() }).passthrough(),
    z.null(),
  ])
  .optional()
  // Sanitized on arrival with the shared policy: whatever the service sends, only the allowed
  // HTML is kept, compared (conflicts) and shown.
  .transform((value) =>
    sanitizeDescription(typeof value === 'string' ? value : (value?.html_content ?? '')),
  );

const processingStatus = z.enum([
  'pending',
  'processing',
  'processed',
  'processing_error',
  'duplicate',
]);

const id = z.union([z.string(), z.number()]).transform(String);

const photoFields = z.object({
  id,
  project_id: id,
  processing_status: processingStatus.catch('pending'),
  hash: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  captured_at: z
    .number()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  coordinates,
  description,
  internal: z.boolean().optional().default(false),
  uris: z
    .array(z.object({ type: z.string(), url: z.string().optional(), uri: z.string().optional() }))
    .optional()
    .default([]),
});

/** A Photo, bare or wrapped in `photo` (both are seen). */
export const photoSchema = z.union([
  z.object({ photo: photoFields }).transform((value) => value.photo),
  photoFields,
]);

export type ServicePhoto = z.output<typeof photoFields>;

export const photoListSchema = z.array(photoFields);

export const projectSchema = z.object({
  id,
  name: z.string(),
  address: z
    .object({
      street_address_1: z.string().nullable().optional(),
      city: z.string().nullable().optional(),
      state: z.string().nullable().optional(),
      postal_code: z.string().nullable().optional(),
      country: z.string().nullable().optional(),
    })
    .partial()
    .nullable()
    .optional(),
  photo_count: z.number().optional(),
  project_url: z.string().optional(),
});

export type ServiceProject = z.output<typeof projectSchema>;

export const projectListSchema = z.array(projectSchema);

/** `{"errors": [...]}`, the service's error body. */
export const errorBodySchema = z.object({ errors: z.array(z.string()) });
