import { sanitizeDescription } from '../../shared/description/description-policy';

/**
 * The editor's HTML as it will be sent: sanitized with the service's policy, and empty when the
 * editor holds nothing but empty paragraphs.
 */
export function descriptionFromEditor(html: string): string {
  // Empty paragraphs at either end are the editor's, not the user's.
  return sanitizeDescription(html).replace(
    /^(<p>(<br \/>|<br>)?<\/p>)+|(<p>(<br \/>|<br>)?<\/p>)+$/g,
    '',
  );
}
