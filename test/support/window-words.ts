import type { Page } from 'playwright';
import { writtenCatalogs } from '../../shared/i18n/catalogs';
import type { AppLocale } from '../../shared/i18n/locales';

/** One piece of the window's text that a check found, with where it was. */
export type TextFinding = { readonly text: string; readonly where: string };

/**
 * Words of plain ASCII letters (two or more) the page shows or announces — visible text, and the
 * labels, titles, placeholders and alt texts a screen reader reads — that `allowed` does not
 * cover. In the pseudo-locale every catalog letter is accented, so each such word was written
 * into the window (or came from main) rather than from a catalog. `allowed`: data the test put
 * there (project and file names, host names), as text or as patterns (addresses, photo ids).
 */
export async function englishLeft(
  page: Page,
  allowed: readonly (string | RegExp)[],
): Promise<readonly TextFinding[]> {
  const found = await page.evaluate<TextFinding[]>(`(() => {
    const out = [];
    const shown = (element) => {
      for (let node = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
        if (node.getAttribute('aria-hidden') === 'true') return false;
      }
      return true;
    };
    const where = (element) => {
      const tag = element.tagName.toLowerCase();
      const id = element.id ? '#' + element.id : '';
      const cls = typeof element.className === 'string' && element.className ? '.' + element.className.split(' ')[0] : '';
      return tag + id + cls;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      const text = node.textContent.trim();
      if (text && shown(parent)) out.push({ text, where: where(parent) });
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (!shown(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value && value.trim()) out.push({ text: value.trim(), where: where(element) + '[' + name + ']' });
      }
    }
    for (const option of document.body.querySelectorAll('select option')) {
      if (shown(option.parentElement)) out.push({ text: option.textContent.trim(), where: 'option' });
    }
    return out;
  })()`);
  return found.flatMap(({ text, where }) => {
    let rest = text;
    const patterns = allowed.filter((data): data is RegExp => data instanceof RegExp);
    const names = allowed.filter((data): data is string => typeof data === 'string');
    for (const pattern of patterns) rest = rest.replace(new RegExp(pattern.source, 'gu'), ' ');
    for (const data of names.sort((a, b) => b.length - a.length)) rest = rest.split(data).join(' ');
    const words = rest.match(/(?<![\p{L}\p{N}])[A-Za-z]{2,}(?![\p{L}\p{N}])/gu) ?? [];
    return words.length === 0 ? [] : [{ text: words.join(' '), where: `${where}: “${text}”` }];
  });
}

/**
 * Text the page cuts off: an element whose own text is wider or taller than its box while its
 * overflow hides the rest (ellipsis included); text that runs past the edge of an ancestor that
 * hides its overflow (a badge cut off at the end of a narrow row); and a page wider than its
 * window (a horizontal scrollbar). Scrolling containers do not count: their text can be reached.
 */
export async function clippedText(page: Page): Promise<readonly TextFinding[]> {
  return page.evaluate<TextFinding[]>(`(() => {
    const out = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      out.push({ text: 'page ' + root.scrollWidth + 'px wide in ' + root.clientWidth + 'px', where: 'html' });
    const label = (element) => element.tagName.toLowerCase() + (typeof element.className === 'string' && element.className ? '.' + element.className.split(' ')[0] : '');
    const hides = (value) => value === 'hidden' || value === 'clip';
    for (const element of document.body.querySelectorAll('*')) {
      const textNodes = [...element.childNodes].filter((node) => node.nodeType === 3 && node.textContent.trim());
      if (textNodes.length === 0) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      // Text for screen readers only (the visually-hidden pattern: a 1 px box) is not clipped.
      if (element.clientWidth <= 1 && element.clientHeight <= 1) continue;
      const hidesX = hides(style.overflowX) || style.textOverflow === 'ellipsis';
      const hidesY = hides(style.overflowY);
      const wide = hidesX && element.scrollWidth > element.clientWidth + 1;
      const tall = hidesY && element.scrollHeight > element.clientHeight + 1;
      if (wide || tall) {
        out.push({ text: element.textContent.trim().slice(0, 80), where: label(element) });
        continue;
      }
      // The text's own box against every ancestor that cuts off what overflows it.
      const range = document.createRange();
      range.setStartBefore(textNodes[0]);
      range.setEndAfter(textNodes[textNodes.length - 1]);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        const outer = getComputedStyle(ancestor);
        const cutX = hides(outer.overflowX);
        const cutY = hides(outer.overflowY);
        if (!cutX && !cutY) continue;
        if (ancestor.clientWidth <= 1 && ancestor.clientHeight <= 1) break;
        const edge = ancestor.getBoundingClientRect();
        const pastX = cutX && (box.right > edge.right + 1 || box.left < edge.left - 1);
        const pastY = cutY && (box.bottom > edge.bottom + 1 || box.top < edge.top - 1);
        if (pastX || pastY) {
          out.push({ text: element.textContent.trim().slice(0, 80), where: label(element) + ' in ' + label(ancestor) });
          break;
        }
      }
    }
    return out;
  })()`);
}

/**
 * English catalog messages the page shows while it should be in `locale`: each English message
 * of three words or more with no arguments that differs in `locale` (and is not one of the
 * locale's own messages) is looked for in the page's visible text.
 */
export async function englishMessagesShown(
  page: Page,
  locale: Exclude<AppLocale, 'en'>,
): Promise<readonly string[]> {
  const catalogs = writtenCatalogs();
  const shown = await page.evaluate<string>('document.body.innerText');
  const own = new Set(Object.values(catalogs[locale]));
  return Object.entries(catalogs.en)
    .filter(
      ([key, english]) =>
        !english.includes('{') &&
        !english.includes('<') &&
        english.trim().split(/\s+/).length >= 3 &&
        catalogs[locale][key] !== english &&
        !own.has(english),
    )
    .filter(([, english]) => shown.includes(english))
    .map(([key, english]) => `${key}: “${english}”`);
}

/**
 * Numbers, sizes and dates the page writes as English does while it should be in a language with
 * a decimal comma (`0.5 MB`, `1.2 km`) or its own month names (`Oct`, `Wed`).
 */
export async function englishFormatsShown(page: Page): Promise<readonly string[]> {
  const shown = await page.evaluate<string>('document.body.innerText');
  const pattern =
    /\b\d+\.\d+\s?(?:[kMG]?B|km|m)\b|\b(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b|\b\d{1,2}:\d{2}\s?(?:AM|PM)\b/g;
  return shown.match(pattern) ?? [];
}
