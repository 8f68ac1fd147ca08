import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../../../shared/description/description-policy';
import { descriptionWasReduced } from '../../../../shared/description/description-reduced';

/** Text with the characters HTML spells in more than one way. */
const text = fc
  .array(fc.constantFrom('a', 'Z', ' ', '&', '&amp;', '"', "'", '>', '&lt;', 'é', '1', '\n'), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

/** A tag name as a person might type it: any case. */
const spelled = (name: string) =>
  fc.constantFrom(name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1));

/** A line break in each spelling people and editors use. */
const lineBreak = fc
  .tuple(spelled('br'), fc.constantFrom('>', '/>', ' />'))
  .map(([name, end]) => `<${name}${end}`);

/** Spaces people paste around an address: the policy reads the address without them. */
const around = fc.constantFrom('', ' ', '  ', '\n', '\t ');

/** An allowed link: an absolute https or mailto address, quoted either way, maybe with spaces around. */
const link = (inner: string) =>
  fc
    .tuple(
      spelled('a'),
      fc.constantFrom('https://example.com/site?a=1&b=2', 'mailto:site@example.com'),
      fc.constantFrom('"', "'"),
      around,
      around,
    )
    .map(
      ([name, href, quote, before, after]) =>
        `<${name} href=${quote}${before}${href}${after}${quote}>${inner}</${name}>`,
    );

/** Markup that uses only what the Photo Service allows, spelled in any of its usual ways. */
const allowedHtml: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    lineBreak,
    fc
      .tuple(
        fc.constantFrom('strong', 'b', 'em', 'i', 'p', 'div', 'ul', 'ol', 'li'),
        fc.array(tie('node'), { maxLength: 3 }),
      )
      .chain(([tag, children]) =>
        spelled(tag).map((name) => `<${name}>${children.join('')}</${name}>`),
      ),
    fc.array(tie('node'), { maxLength: 2 }).chain((children) => link(children.join(''))),
  ),
})).node;

/** Something the policy removes: a tag, an attribute, a script, a link of another scheme. */
const removed = fc.constantFrom(
  '<span>kept text</span>',
  '<b class="x">bold</b>',
  '<p onclick="alert(1)">x</p>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="/relative">x</a>',
  '<img src="https://example.com/x.jpg">',
  '<style>p{}</style>',
);

describe('descriptionWasReduced', () => {
  it('is false for allowed markup however it is spelled (<br> as <br />, quotes, case)', () => {
    expect(descriptionWasReduced('Slab<br>level 2')).toBe(false);
    expect(descriptionWasReduced('Slab<br />level 2')).toBe(false);
    // Only the spaces around the address go: the link is kept whole.
    expect(descriptionWasReduced('<a href=" https://x ">site</a>')).toBe(false);
    fc.assert(
      fc.property(allowedHtml, (html) => !descriptionWasReduced(html)),
      {
        numRuns: 500,
      },
    );
  });

  it('is true as soon as the policy removes anything', () => {
    fc.assert(
      fc.property(allowedHtml, removed, allowedHtml, (before, bad, after) =>
        descriptionWasReduced(`${before}${bad}${after}`),
      ),
      { numRuns: 300 },
    );
  });

  it('agrees with the sanitizer: not reduced means the sanitized text is the written one', () => {
    fc.assert(
      fc.property(allowedHtml, (html) => {
        // Sanitizing what was kept changes nothing more: nothing was lost on the way.
        const clean = sanitizeDescription(html);
        return sanitizeDescription(clean) === clean && !descriptionWasReduced(clean);
      }),
      { numRuns: 200 },
    );
  });
});
