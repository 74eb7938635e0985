import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOADING_MESSAGES, useRotatingMessage } from './use-rotating-message';

describe('useRotatingMessage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('changes the message every 3 seconds and wraps around', () => {
    const { result } = renderHook(() => useRotatingMessage(true));
    expect(result.current).toBe('Hold tight...');
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(result.current).toBe('Hold tight...');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('Checking your music files...');
    act(() => {
      vi.advanceTimersByTime(3000 * 3);
    });
    expect(result.current).toBe('Tuning the perfect pitch...');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(result.current).toBe(UPLOADING_MESSAGES[0]);
  });

  it('does not rotate while inactive and restarts from the first message', () => {
    const { result, rerender } = renderHook(({ active }) => useRotatingMessage(active), { initialProps: { active: true } });
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    expect(result.current).toBe('Processing your music into our model...');
    rerender({ active: false });
    act(() => {
      vi.advanceTimersByTime(9000);
    });
    expect(result.current).toBe('Processing your music into our model...');
    rerender({ active: true });
    expect(result.current).toBe('Hold tight...');
  });
});
