import type { Page } from 'playwright';

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
 * overflow hides the rest (ellipsis included), and a page wider than its window (a horizontal
 * scrollbar).
 */
export async function clippedText(page: Page): Promise<readonly TextFinding[]> {
  return page.evaluate<TextFinding[]>(`(() => {
    const out = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      out.push({ text: 'page ' + root.scrollWidth + 'px wide in ' + root.clientWidth + 'px', where: 'html' });
    for (const element of document.body.querySelectorAll('*')) {
      const hasText = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim());
      if (!hasText) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      // Text for screen readers only (the visually-hidden pattern: a 1 px box) is not clipped.
      if (element.clientWidth <= 1 && element.clientHeight <= 1) continue;
      const hidesX = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      const hidesY = ['hidden', 'clip'].includes(style.overflowY);
      const wide = hidesX && element.scrollWidth > element.clientWidth + 1;
      const tall = hidesY && element.scrollHeight > element.clientHeight + 1;
      if (wide || tall)
        out.push({ text: element.textContent.trim().slice(0, 80), where: element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ')[0] : '') });
    }
    return out;
  })()`);
}
