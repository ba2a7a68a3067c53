import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useReducedMotion } from './reduced-motion';

/** A system setting the test can change, as a person would in their accessibility settings. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => (query === '(prefers-reduced-motion: reduce)' ? media : undefined));
  return {
    change(next: boolean) {
      reduce = next;
      listeners.forEach((listener) => listener());
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the console follows the system setting for less motion', () => {
  test('animates by default and where the browser cannot tell', () => {
    expect(renderHook(() => useReducedMotion()).result.current).toBe(false);
  });

  test('stops animating when the person asks for less motion, and starts again when they stop asking', () => {
    const setting = systemSetting(true);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);
    act(() => setting.change(false));
    expect(result.current).toBe(false);
  });
});
