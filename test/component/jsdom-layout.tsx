import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out, so every element measures 0 and a virtual list or grid renders no row.
 * For the tests of the calling file, every element reports this size instead (restored after).
 */
export function useJsdomLayout(size: { readonly width: number; readonly height: number }): void {
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      value: size.height,
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      value: size.width,
    });
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
  });
}
