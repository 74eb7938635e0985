import { act, render, screen } from '@testing-library/react';
import { Banner, BANNER_FADE_MS, BANNER_VISIBLE_MS } from './Banner';

describe('Banner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces errors as alerts and other messages as status', () => {
    render(
      <>
        <Banner tone="error">Failed</Banner>
        <Banner tone="success">Saved</Banner>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it.each([
    ['the spec timings: about 2 s shown, a 1.5 s fade, then cleared', undefined, BANNER_VISIBLE_MS],
    ['a given display time, then the same fade', 4000, 4000],
  ])('auto-hides on %s', (_name, visibleMs, shownFor) => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(
      <Banner tone="success" autoHide visibleMs={visibleMs} onDismiss={onDismiss}>
        Saved
      </Banner>,
    );
    const banner = screen.getByRole('status');

    act(() => {
      vi.advanceTimersByTime(shownFor - 1);
    });
    expect(banner).not.toHaveClass('banner--fading');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(banner).toHaveClass('banner--fading');
    act(() => {
      vi.advanceTimersByTime(BANNER_FADE_MS - 1);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('stays until dismissed when not auto-hiding', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(
      <Banner tone="error" onDismiss={onDismiss}>
        Failed
      </Banner>,
    );
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Dismiss message' }).click());
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
