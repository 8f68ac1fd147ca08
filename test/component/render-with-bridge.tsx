import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { UploaderBridge } from '../../shared/ipc/bridge';
import type { IpcChannel, IpcResults } from '../../shared/ipc/contract';
import { BridgeContext } from '../../renderer/bridge/hooks';
import { LocaleProvider } from '../../renderer/i18n/IntlRoot';
import type { ShownLocale } from '../../shared/i18n/locales';

/** A hand-written bridge for one component: answers from `answers`, records every call. */
export function fakeBridge(answers: Partial<{ [C in IpcChannel]: IpcResults[C] }>) {
  const calls: { channel: IpcChannel; input: unknown }[] = [];
  const bridge: UploaderBridge<File> = {
    invoke: (channel, input) => {
      calls.push({ channel, input });
      const value = answers[channel];
      return Promise.resolve(
        value === undefined
          ? { ok: false, code: 'failed', message: `no answer for ${channel}` }
          : { ok: true, value: value as never },
      );
    },
    on: () => () => undefined,
    addDroppedFiles: () =>
      Promise.resolve({ ok: false, code: 'failed', message: 'no drops here' } as const),
    thumbnailUrl: (md5) => `thumb://photo/${md5}.jpg`,
    renditionUrl: (photoId) => `thumb://service/${encodeURIComponent(photoId)}`,
  };
  return { bridge, calls };
}

/**
 * Renders `ui` under the bridge context, in English (or `locale`); a test's `rerender` keeps the
 * language.
 */
export function renderWithBridge(
  ui: ReactNode,
  bridge: UploaderBridge<File>,
  locale: ShownLocale = 'en',
) {
  return render(<BridgeContext.Provider value={bridge}>{ui}</BridgeContext.Provider>, {
    wrapper: ({ children }) => <LocaleProvider locale={locale}>{children}</LocaleProvider>,
  });
}
