import { act } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach } from 'vitest';

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

/**
 * Window resizes for the tests of the calling file: a stand-in `ResizeObserver` (jsdom has none)
 * that hears every resize, and `resize(size)`, which makes every element report `size` and tells
 * each observer, as the browser does when the window's width changes. Each test starts at
 * `initial` again.
 */
export function useJsdomResizing(initial: {
  readonly width: number;
  readonly height: number;
}): (size: { readonly width: number; readonly height: number }) => void {
  const observers = new Set<(entries: readonly unknown[]) => void>();
  const reportSize = (size: { readonly width: number; readonly height: number }) => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      value: size.height,
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      value: size.width,
    });
  };
  const original = Object.getOwnPropertyDescriptor(globalThis, 'ResizeObserver');
  beforeAll(() => {
    class StandInResizeObserver {
      readonly #heard: (entries: readonly unknown[]) => void;
      constructor(heard: (entries: readonly unknown[]) => void) {
        this.#heard = heard;
      }
      observe(): void {
        observers.add(this.#heard);
      }
      unobserve(): void {
        observers.delete(this.#heard);
      }
      disconnect(): void {
        observers.delete(this.#heard);
      }
    }
    Object.defineProperty(globalThis, 'ResizeObserver', {
      configurable: true,
      writable: true,
      value: StandInResizeObserver,
    });
  });
  beforeEach(() => reportSize(initial));
  afterAll(() => {
    if (original) Object.defineProperty(globalThis, 'ResizeObserver', original);
    else Reflect.deleteProperty(globalThis, 'ResizeObserver');
  });
  return (size) => {
    reportSize(size);
    act(() => {
      // No entries: the observers measure the elements themselves (react-aria's skip an empty list).
      for (const heard of [...observers]) heard([]);
    });
  };
}
