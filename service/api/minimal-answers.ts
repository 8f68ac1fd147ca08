import type { PhotoJson } from './photo-json';

// `--minimal-answers`: the service answers only what the vendor's OpenAPI document requires of
// it where the document leaves a choice, and keeps descriptions in its own form. A client that
// works against this works against a service that implements the document to the letter.

/** The fields a photo list leaves out with `--minimal-answers`: the document requires only `id`. */
const LEFT_OUT_OF_LISTS = [
  'hash',
  'uris',
  'company_id',
  'creator_id',
  'creator_type',
  'creator_name',
  'photo_url',
  'status',
] as const;

/** A Photo as a minimal list shows it: without `hash`, its renditions and who made it. */
export function minimalListPhoto(photo: PhotoJson): Partial<PhotoJson> {
  const listed: Partial<PhotoJson> = { ...photo };
  for (const field of LEFT_OUT_OF_LISTS) delete listed[field];
  return listed;
}

/**
 * A description as a service that keeps HTML its own way stores it: `<b>` as `<strong>`, `<i>`
 * as `<em>`. Applied after the policy, so the tags it makes are allowed ones.
 */
export function ownDescriptionForm(html: string): string {
  return html.replace(/<(\/?)b>/gi, '<$1strong>').replace(/<(\/?)i>/gi, '<$1em>');
}
