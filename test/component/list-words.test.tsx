// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { catalogFor } from '../../shared/i18n/catalogs';
import type { ShownLocale } from '../../shared/i18n/locales';
import { useWords } from '../../renderer/i18n/use-t';

/** `useWords` in `locale`, as the window's IntlRoot provides it. */
function wordsIn(locale: ShownLocale, formatLocale: string) {
  const wrapper = ({ children }: { readonly children: ReactNode }) => (
    <IntlProvider locale={formatLocale} messages={catalogFor(locale)}>
      {children}
    </IntlProvider>
  );
  return renderHook(() => useWords(), { wrapper }).result.current;
}

describe('a list in main’s words, in the window', () => {
  const refused = {
    key: 'error.settings.managed',
    values: { settings: ['baseUrl', 'concurrency'], count: 2 },
  } as const;

  it('is written as the window’s language writes a list', () => {
    expect(wordsIn('fr', 'fr')(refused)).toContain('baseUrl et concurrency');
    expect(wordsIn('de', 'de')(refused)).toContain('baseUrl und concurrency');
  });

  it('has no English "and" in the pseudo-locale, whose formats are English’s', () => {
    const said = wordsIn('en-XA', 'en')(refused);
    expect(said).toContain('baseUrl, concurrency');
    expect(said).not.toMatch(/\band\b/);
  });
});
