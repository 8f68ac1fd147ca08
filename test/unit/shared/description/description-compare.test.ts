import { describe, expect, it } from 'vitest';
import {
  comparableDescription,
  sameDescription,
} from '../../../../shared/description/description-compare';

describe('sameDescription', () => {
  it('takes the service’s own forms of the same HTML as the same description', () => {
    expect(sameDescription('<p><b>Level 2</b></p>', '<p><strong>Level 2</strong></p>')).toBe(true);
    expect(sameDescription('<i>wet</i>', '<em>wet</em>')).toBe(true);
    expect(sameDescription('a<br>b', 'a<br />b')).toBe(true);
    expect(sameDescription('Slab &amp; rebar', 'Slab &#38; rebar')).toBe(true);
    expect(sameDescription('Slab', '<p>Slab</p>')).toBe(true);
    expect(sameDescription('<p>A</p>\n<p>B</p>', '<p>A</p><p>B</p>')).toBe(true);
    expect(sameDescription('<p>Two  words</p>', '<p>Two words</p>')).toBe(true);
    expect(
      sameDescription(
        '<a href="https://Example.com" target="_blank" rel="nofollow">site</a>',
        '<a href="https://example.com/">site</a>',
      ),
    ).toBe(true);
  });

  it('tells a change of words, structure or link address apart', () => {
    expect(sameDescription('<p>Level 2</p>', '<p>Level 3</p>')).toBe(false);
    expect(sameDescription('<p>A</p><p>B</p>', '<p>A B</p>')).toBe(false);
    expect(sameDescription('<strong>A</strong>', 'A')).toBe(false);
    expect(
      sameDescription('<a href="https://a.example/">x</a>', '<a href="https://b.example/">x</a>'),
    ).toBe(false);
    expect(sameDescription('', 'x')).toBe(false);
  });

  it('is one form: normalizing twice changes nothing', () => {
    for (const html of ['<p><b>x</b></p>', ' <div> a <br> b </div> ', '<ul><li><i>1</i></li></ul>'])
      expect(comparableDescription(comparableDescription(html))).toBe(comparableDescription(html));
  });
});
