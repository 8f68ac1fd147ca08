// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError } from '../../renderer/bridge/bridge-error';
import { LocaleProvider } from '../../renderer/i18n/IntlRoot';
import { useErrorWords } from '../../renderer/i18n/use-error-words';

afterEach(cleanup);

function Said({ error }: { readonly error: unknown }) {
  return <p>{useErrorWords()(error)}</p>;
}

describe('an error in the window', () => {
  it('reads in the window’s language when main gave words, and never as a stack', () => {
    const { rerender } = render(
      <LocaleProvider locale="es">
        <Said error={new BridgeError('failed', 'Something', { key: 'error.unexpected' })} />
      </LocaleProvider>,
    );
    expect(screen.getByText('Algo ha fallado; el error se ha registrado.')).toBeDefined();
    rerender(
      <LocaleProvider locale="es">
        <Said error={new TypeError('x is undefined at /home/user/app.js:1')} />
      </LocaleProvider>,
    );
    expect(screen.getByText('Algo ha fallado; el error se ha registrado.')).toBeDefined();
    rerender(
      <LocaleProvider locale="es">
        <Said error={new BridgeError('offline', 'Not yet as words.', undefined)} />
      </LocaleProvider>,
    );
    expect(screen.getByText('Not yet as words.')).toBeDefined();
  });
});
