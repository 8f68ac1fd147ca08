import sanitizeHtml from 'sanitize-html';
import { ALLOWED_DESCRIPTION_TAGS, linkAddress, sanitizeDescription } from './description-policy';

// A service may keep a description in its own form: `<b>` stored as `<strong>`, `<i>` as `<em>`,
// attributes it does not keep dropped, the text wrapped in one paragraph, whitespace between
// blocks changed. Whether the description on the service is still the one the user started from
// is therefore decided on one normal form, made by this one function on both sides.

/** Tags that start a new block: whitespace around them is not part of the text. */
const BLOCK_TAGS = ['p', 'div', 'ol', 'ul', 'li', 'br'];

/** Scheme, host and the rest of an http(s) address. */
const WEB_ADDRESS = /^(https?:\/\/)([^/?#]*)(.*)$/i;

/**
 * A link's address in one spelling: scheme and host in lower case, an empty path as `/`
 * (`HTTPS://Example.com` is `https://example.com/`), as a URL parser writes them. (No `URL`
 * here: `shared` runs without Node's or the DOM's.)
 */
function normalAddress(href: string): string {
  const address = linkAddress(href);
  const web = WEB_ADDRESS.exec(address);
  if (web === null) return address;
  const [, scheme = '', host = '', rest = ''] = web;
  return `${scheme.toLowerCase()}${host.toLowerCase()}${rest === '' ? '/' : rest}`;
}

const normalForm: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_DESCRIPTION_TAGS.filter((tag) => tag !== 'b' && tag !== 'i'),
  allowedAttributes: { a: ['href'] },
  // The policy has already judged the addresses: this pass only spells them one way.
  allowedSchemesAppliedToAttributes: [],
  disallowedTagsMode: 'discard',
  transformTags: {
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href === undefined ? {} : { href: normalAddress(attribs.href) },
    }),
  },
};

const blockEdges = new RegExp(`\\s*(</?(?:${BLOCK_TAGS.join('|')})\\b[^>]*>)\\s*`, 'g');
const oneWrapper = /^<(p|div)>((?:(?!<\/?(?:p|div)\b)[\s\S])*)<\/\1>$/;

/**
 * The form in which two descriptions are compared: the description policy applied (what the
 * service may keep), `<b>`/`<i>` as `<strong>`/`<em>`, link addresses spelled as URLs, runs of
 * whitespace as one space and none at block edges, and one paragraph or div around the whole
 * text taken off. Two descriptions a reader sees the same way have the same form; a change of
 * words, structure or a link's address gives another. Pure; the same in main and renderer.
 */
export function comparableDescription(html: string): string {
  const normal = sanitizeHtml(sanitizeDescription(html), normalForm)
    .replace(/\s+/g, ' ')
    .replace(blockEdges, '$1')
    .trim();
  return oneWrapper.exec(normal)?.[2]?.trim() ?? normal;
}

/** Whether `a` and `b` are the same description, in the form of `comparableDescription`. */
export function sameDescription(a: string, b: string): boolean {
  return a === b || comparableDescription(a) === comparableDescription(b);
}
