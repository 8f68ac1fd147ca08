// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { DescriptionEditor } from '../../renderer/components/DescriptionEditor';
import { LocaleProvider } from '../../renderer/i18n/IntlRoot';
import { sanitizeDescription } from '../../shared/description/description-policy';

afterEach(cleanup);

/** The editor with its value kept in state, as the screens use it; `seen` gets every change. */
function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <LocaleProvider locale="en">
      <DescriptionEditor
        label="Description"
        value={value}
        onChange={(html) => {
          seen.push(html);
          setValue(html);
        }}
      />
    </LocaleProvider>
  );
}

/** Pastes `html` into the editor the way the browser delivers a paste. */
function paste(target: Element, html: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: {
      getData: (type: string) => (type === 'text/html' ? html : html.replace(/<[^>]+>/g, '')),
      types: ['text/html', 'text/plain'],
      files: [],
      items: [],
    },
  });
  target.dispatchEvent(event);
}

const HOSTILE =
  '<h1 style="color:red" onclick="steal()">Title</h1><p>Pour <b>today</b> <span class="x">at 9</span></p>' +
  '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a>' +
  '<a href="https://example.com/plan" target="_blank">plan</a><table><tr><td>cell</td></tr></table>';

describe('the description editor', () => {
  it('previews exactly what will be sent: the service policy applied to the value', () => {
    render(<Harness initial={HOSTILE} seen={[]} />);
    const preview = document.querySelector('.preview');
    expect(preview?.innerHTML).toBe(sanitizeDescription(HOSTILE));
    expect(preview?.innerHTML).not.toMatch(/script|onerror|onclick|javascript:|style=|<img|<h1/);
  });

  it('cleans pasted HTML down to the allowed tags before it lands', async () => {
    const seen: string[] = [];
    render(<Harness initial="" seen={seen} />);
    const box = screen.getByRole('textbox', { name: 'Description' });
    act(() => paste(box, HOSTILE));
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    const sent = seen.at(-1) ?? '';
    expect(sent).toContain('<strong>today</strong>');
    expect(sent).toContain('<a href="https://example.com/plan">plan</a>');
    expect(sent).toContain('cell');
    expect(sent).not.toMatch(
      /script|alert|onerror|onclick|javascript:|style=|target=|<img|<h1|<span|<table/,
    );
    // What the editor hands on is already in its final form: sanitizing it again changes nothing.
    expect(sanitizeDescription(sent)).toBe(sent);
  });

  it('offers bold, italic, lists and links, with their shortcuts', () => {
    render(<Harness initial="" seen={[]} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Description: formatting' });
    for (const [name, keys] of [
      ['Bold', 'Control+B'],
      ['Italic', 'Control+I'],
      ['Bulleted list', 'Control+Shift+8'],
      ['Numbered list', 'Control+Shift+7'],
      ['Link', 'Control+K'],
    ])
      expect(
        toolbar.querySelector(`button[aria-label="${name}"]`)?.getAttribute('aria-keyshortcuts'),
      ).toBe(keys);
  });
});
