import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatPhone } from './format-phone';
import { useFormattedPhone } from './use-formatted-phone';

describe('formatPhone', () => {
  it('shows E.164 numbers in international format', () => {
    expect(formatPhone('+14155550123')).toBe('+1 415 555 0123');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('reads a national number in the given country, and leaves text that is not a number alone', () => {
    expect(formatPhone('(415) 555-0123', 'US')).toBe('+1 415 555 0123');
    expect(formatPhone('020 7946 0958', 'gb')).toBe('+44 20 7946 0958');
    expect(formatPhone('ask at reception')).toBe('ask at reception');
  });

  it('gives null for nothing', () => {
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone('  ')).toBeNull();
    expect(formatPhone(undefined)).toBeNull();
  });
});

describe('useFormattedPhone', () => {
  it('shows the number as stored until the phone library has loaded, then in international format', async () => {
    const { result } = renderHook(() => useFormattedPhone('+14155550123', 'US'));
    expect(result.current).toBe('+14155550123');
    await waitFor(() => expect(result.current).toBe('+1 415 555 0123'));
  });

  it('gives null for nothing', async () => {
    const { result } = renderHook(() => useFormattedPhone('  '));
    expect(result.current).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBeNull();
  });

  it('with an element to be shown in, loads the library only once that element comes into view', async () => {
    let report: (visible: boolean) => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = (visible) => callback([{ isIntersecting: visible }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      const element = { current: document.createElement('div') };
      const { result } = renderHook(() => useFormattedPhone('+14155550123', 'US', element));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(result.current).toBe('+14155550123');
      act(() => report(false));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(result.current).toBe('+14155550123');
      act(() => report(true));
      await waitFor(() => expect(result.current).toBe('+1 415 555 0123'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
