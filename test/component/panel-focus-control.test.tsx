// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  controlSignature,
  PANEL_ATTRIBUTE,
  sameControl,
} from '../../renderer/components/keep-focus';

// A panel rebuilt in its other form gives the focus back to the control it was on. Its place
// among the panel's controls is noted when the focus arrives; something shown above it since (a
// conflict's two choices above the editor) moves it, and the focus must not land on a button the
// user never picked.

afterEach(() => {
  document.body.innerHTML = '';
});

/** A panel as the page holds it after the rebuild. */
function panel(html: string): void {
  document.body.innerHTML = `<section ${PANEL_ATTRIBUTE}="p1">${html}</section>`;
}

describe('the control a rebuilt panel gives the focus back to', () => {
  it('is the one at the same place when it is the same control', () => {
    panel('<h3 tabindex="-1">Edit description</h3><button>Save description</button>');
    const save = document.querySelector('button')!;
    expect(sameControl(document, { item: 'p1', control: 1 }, controlSignature(save))).toBe(save);
  });

  it('is found by its kind and name when controls shown above it moved its place', () => {
    panel('<h3 tabindex="-1">Edit description</h3><button>Save description</button>');
    const control = controlSignature(document.querySelector('button')!);
    panel(
      '<h3 tabindex="-1">Edit description</h3><button>Keep mine</button><button>Take theirs</button><button>Save description</button>',
    );
    const found = sameControl(document, { item: 'p1', control: 1 }, control);
    expect(found?.textContent).toBe('Save description');
  });

  it('is none when the control is gone (the caller falls back to the heading)', () => {
    panel('<h3 tabindex="-1">Edit description</h3><button>Save description</button>');
    const control = controlSignature(document.querySelector('button')!);
    panel('<h3 tabindex="-1">Edit description</h3><button>Keep mine</button>');
    expect(sameControl(document, { item: 'p1', control: 1 }, control)).toBeUndefined();
  });

  it('is the editor whatever its words, which change as the user types', () => {
    panel('<div role="textbox" contenteditable="true">Formwork</div>');
    const control = controlSignature(document.querySelector('div')!);
    panel('<div role="textbox" contenteditable="true">Formwork stripped</div>');
    expect(sameControl(document, { item: 'p1', control: 0 }, control)).toBe(
      document.querySelector('div'),
    );
  });
});
