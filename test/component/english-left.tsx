/**
 * What component tests in another language (and the pseudo-locale) check: no English left. In the
 * pseudo-locale every catalog letter is accented, and in Spanish, French or German a catalog
 * word is rarely plain ASCII twice over; a run of two or more plain ASCII letters is then a word
 * written in code. The end-to-end journeys' twin, over a real page, is `englishLeft` in
 * test/support/window-words.ts.
 */

/** The names people hear or see besides text: labels, tooltips, placeholders, alternative texts. */
const NAMED = ['aria-label', 'title', 'placeholder', 'alt'] as const;

/** Everything `element` says: its text and the names, titles, placeholders and alt texts within. */
export function everythingSaid(element: Element): string {
  const named = [element, ...element.querySelectorAll('*')].flatMap((each) =>
    NAMED.map((name) => each.getAttribute(name) ?? ''),
  );
  return [element.textContent ?? '', ...named].join(' ');
}

/**
 * The runs of two or more plain ASCII letters left in `said` once `data` is taken out: what the
 * test handed in (names, addresses) and what Intl formats as English does (dates, sizes), as
 * text (longest first: an address goes whole before its scheme) or as patterns.
 */
export function englishLeft(said: string, data: readonly (string | RegExp)[] = []): string[] {
  let rest = said;
  const texts = data.filter((datum): datum is string => typeof datum === 'string');
  for (const text of [...texts].sort((a, b) => b.length - a.length))
    rest = rest.split(text).join(' ');
  for (const datum of data)
    if (datum instanceof RegExp)
      rest = rest.replace(
        new RegExp(datum.source, datum.flags.includes('g') ? datum.flags : `${datum.flags}g`),
        ' ',
      );
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}
