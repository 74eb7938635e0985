import { act, renderHook } from '@testing-library/react';
import { pageNavigation } from '../browser/page-navigation';
import { POST_LOGIN_REFRESH_FLAG } from './auth-storage';
import { POST_LOGIN_OVERLAY_MAX_MS, POST_LOGIN_RELOAD_MS, usePostLoginRefresh } from './use-post-login-refresh';

describe('after the login redirect (requirements §L4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('with a code and no flag: sets the flag, shows the overlay and reloads once after 3 seconds', () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/?code=abc&state=xyz');

    const { result } = renderHook(() => usePostLoginRefresh());

    expect(result.current).toBe(true);
    expect(localStorage.getItem(POST_LOGIN_REFRESH_FLAG)).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(POST_LOGIN_RELOAD_MS - 1);
    });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('clears the overlay after 10 seconds at most, even if the reload never happens', () => {
    vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/?code=abc&state=xyz');
    const { result } = renderHook(() => usePostLoginRefresh());

    act(() => {
      vi.advanceTimersByTime(POST_LOGIN_OVERLAY_MAX_MS - 1);
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(false);
  });

  it('decides from the address at the first render, though the sign-in callback removes the code right after', () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/?code=abc&state=xyz');
    const { result, rerender } = renderHook(() => usePostLoginRefresh());
    window.history.replaceState(null, '', '/');
    rerender();
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(POST_LOGIN_RELOAD_MS);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('after the reload (flag set, code gone): removes the flag, no overlay, no reload', () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    localStorage.setItem(POST_LOGIN_REFRESH_FLAG, 'true');

    const { result } = renderHook(() => usePostLoginRefresh());

    expect(result.current).toBe(false);
    expect(localStorage.getItem(POST_LOGIN_REFRESH_FLAG)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(POST_LOGIN_OVERLAY_MAX_MS);
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('with a code and the flag already set: reloads no more, so it can never loop', () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    localStorage.setItem(POST_LOGIN_REFRESH_FLAG, 'true');
    window.history.replaceState(null, '', '/?code=abc&state=xyz');

    const { result } = renderHook(() => usePostLoginRefresh());

    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(POST_LOGIN_OVERLAY_MAX_MS);
    });
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(POST_LOGIN_REFRESH_FLAG)).not.toBeNull();
  });

  it('without a code or flag: nothing happens', () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const { result } = renderHook(() => usePostLoginRefresh());
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(POST_LOGIN_OVERLAY_MAX_MS);
    });
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(POST_LOGIN_REFRESH_FLAG)).toBeNull();
  });
});
