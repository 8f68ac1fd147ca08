import sanitizeHtml from 'sanitize-html';
import { linkAddress, sanitizeDescription } from './description-policy';

/**
 * Everything kept: the same parser and serializer as the policy, allowing every tag, attribute
 * and scheme. Written markup passed through it differs from the sanitized one only where the
 * policy removed something, not where the spelling differs (`<br>` and `<br />`, quotes, case).
 */
const keepEverything: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  // No address is checked, so a link the policy drops shows as a removal.
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: true,
  nonTextTags: [],
  disallowedTagsMode: 'discard',
  // The policy reads a link's address without its surrounding spaces: so does this side, or
  // `href=" https://x "` would look like a removal when only the spaces went.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.href === undefined ? attribs : { ...attribs, href: linkAddress(attribs.href) },
    }),
  },
};

/**
 * Whether making `html` fit the Photo Service's policy removed anything (a tag, an attribute, a
 * link, a script): the sanitized description compared with the original normalized through the
 * same parser and serializer, so writing `<br>` as `<br />` is not a removal.
 */
export function descriptionWasReduced(html: string): boolean {
  return sanitizeDescription(html) !== sanitizeHtml(html, keepEverything);
}
