import sanitizeHtml from 'sanitize-html';

/** The tags the Photo Service accepts in a description (spec, "Limits"). */
export const ALLOWED_DESCRIPTION_TAGS = [
  'a',
  'strong',
  'b',
  'em',
  'i',
  'ol',
  'ul',
  'li',
  'p',
  'br',
  'div',
] as const;

/** URL schemes allowed in `href` on `a`; every other attribute is dropped. */
export const ALLOWED_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/**
 * Longest description, in characters of sanitized HTML, that the service stores. The real service
 * does not publish one; the local service enforces this cap and the client checks it before sending.
 */
export const MAX_DESCRIPTION_LENGTH = 10_000;

/**
 * An absolute http, https or mailto address. Relative addresses are dropped: the window would
 * resolve them against its own origin (the app), and `//host` ones against its scheme.
 */
const ABSOLUTE_ALLOWED_LINK = /^(?:https?:\/\/[^/\\]|mailto:)/i;

/**
 * A link address as the policy reads it: without the spaces around it (`href=" https://x "`
 * is the address `https://x`). Also used where a description is compared with what the policy
 * made of it, so a trimmed address is not mistaken for a removal.
 */
export function linkAddress(href: string): string {
  return href.trim();
}

/** A link keeps its `href` only when it is an absolute address of an allowed scheme. */
const keepAbsoluteLinksOnly: sanitizeHtml.Transformer = (tagName, attribs) => {
  const href = attribs.href === undefined ? undefined : linkAddress(attribs.href);
  return {
    tagName,
    attribs: href !== undefined && ABSOLUTE_ALLOWED_LINK.test(href) ? { href } : {},
  };
};

const policy: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_DESCRIPTION_TAGS],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: [...ALLOWED_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: keepAbsoluteLinksOnly },
  // Content of these is dropped with the tag, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'head'],
  disallowedTagsMode: 'discard',
};

/**
 * Reduces any HTML to the subset the Photo Service allows: the listed tags, `href` on links with
 * an absolute http, https or mailto URL (relative ones are dropped), no `target`, no styles, no event handlers, no scripts. Text is kept. Pure and
 * deterministic: the same input always gives the same output, in main, renderer and the service.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, policy);
}
