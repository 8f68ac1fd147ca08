import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../../../shared/description/description-policy';

describe('sanitizeDescription', () => {
  it('keeps the allowed tags and text', () => {
    const html =
      '<div><p>Pour <b>ok</b>, <strong>rebar</strong> <i>checked</i> <em>twice</em><br></p><ol><li>a</li></ol><ul><li>b</li></ul></div>';
    expect(sanitizeDescription(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('drops scripts, styles and other tags but keeps their text where it is text', () => {
    expect(
      sanitizeDescription(
        '<script>alert(1)</script><style>p{}</style><h1>Title</h1><span>s</span>',
      ),
    ).toBe('Titles');
  });

  it('drops every attribute but href on links, and unsafe link schemes', () => {
    expect(sanitizeDescription('<p class="x" style="color:red" onclick="y()">t</p>')).toBe(
      '<p>t</p>',
    );
    expect(sanitizeDescription('<img src=x onerror="alert(1)">')).toBe('');
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href="data:text/html,x">x</a>')).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(
      sanitizeDescription(
        '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="x">x</a>',
      ),
    ).toBe('<a href="https://example.com/a?b=1&amp;c=2">x</a>');
    expect(sanitizeDescription('<a href="mailto:site@example.com">mail</a>')).toBe(
      '<a href="mailto:site@example.com">mail</a>',
    );
  });

  it('keeps only absolute http, https and mailto links: relative, protocol-relative and other schemes lose their href', () => {
    for (const href of [
      '/photos/1',
      'photos/1',
      '../admin',
      '?x=1',
      '#top',
      '//evil.example/x',
      '\\\\evil.example\\x',
      'https:/evil.example',
      'https:evil.example',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      'app://photo-uploader/index.html',
    ])
      expect(sanitizeDescription(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    expect(sanitizeDescription('<a href=" https://example.com/x ">x</a>')).toBe(
      '<a href="https://example.com/x">x</a>',
    );
    expect(sanitizeDescription('<a href="HTTP://example.com/">x</a>')).toBe(
      '<a href="HTTP://example.com/">x</a>',
    );
    expect(sanitizeDescription('<a target="_top" href="https://example.com/">x</a>')).toBe(
      '<a href="https://example.com/">x</a>',
    );
  });

  it('turns the usual hostile markup into plain allowed HTML', () => {
    expect(
      sanitizeDescription(
        '<p>Hi<img src=x onerror="alert(1)"></p><form action="https://evil.example"><input name="p"><button>Go</button></form><style>body{display:none}</style><a href="/x" target="_blank">rel</a>',
      ),
    ).toBe('<p>Hi</p>Go<a>rel</a>');
  });

  it('escapes text so that it cannot become markup', () => {
    expect(sanitizeDescription('5 < 6 & "quotes"')).toBe('5 &lt; 6 &amp; "quotes"');
    expect(sanitizeDescription('&lt;script&gt;')).toBe('&lt;script&gt;');
  });

  it('is idempotent', () => {
    const once = sanitizeDescription(
      '<p>a <a href="https://x.example">b</a><script>c</script></p><table><tr><td>d</td></tr></table>',
    );
    expect(sanitizeDescription(once)).toBe(once);
  });
});
