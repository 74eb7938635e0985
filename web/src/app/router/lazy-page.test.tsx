import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Suspense } from 'react';
import { pageNavigation } from '../browser/page-navigation';
import { RouteErrorPage } from '../layouts/RouteErrorPage';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, lazyPage, loadWithin } from './lazy-page';

const never = <T,>() => new Promise<T>(() => undefined);

describe('page chunks time out', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 120 s, as the spec says', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects a load that stalls once the timeout has passed, not a millisecond before', async () => {
    const outcome = vi.fn();
    loadWithin(never).then(
      () => outcome('loaded'),
      (error: unknown) => outcome(error),
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledTimes(1);
    const error = outcome.mock.calls[0][0] as ChunkLoadTimeoutError;
    expect(error).toBeInstanceOf(ChunkLoadTimeoutError);
    expect(error.message).toBe('A page of the app did not load within 120 s.');
  });

  it('takes a timeout of its own', async () => {
    const failed = loadWithin(never, 5000);
    const settled = vi.fn();
    failed.catch(settled);
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(failed).rejects.toThrow('A page of the app did not load within 5 s.');
  });

  it('answers what loads in time, and leaves no timer behind', async () => {
    let arrive!: (value: string) => void;
    const loaded = loadWithin(() => new Promise<string>((resolve) => (arrive = resolve)));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    arrive('page');
    await expect(loaded).resolves.toBe('page');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes on a load that fails by itself (a missing chunk), and clears its timer', async () => {
    const failed = loadWithin(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(failed).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** Moves the fake clock and lets React render what that settled. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('a route whose page chunk stalls', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderStalledRoute(timeoutMs?: number) {
    const Stalled = lazyPage(never, timeoutMs);
    const router = createMemoryRouter(
      [
        {
          errorElement: <RouteErrorPage />,
          children: [
            {
              path: '/stalled',
              element: (
                <Suspense fallback={<p role="status">Please wait. Page is Loading...</p>}>
                  <Stalled />
                </Suspense>
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/stalled'] },
    );
    return render(<RouterProvider router={router} />);
  }

  it('shows the loading screen, then after 120 s the error page, whose Reload reloads the page', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderStalledRoute();
    expect(screen.getByRole('status')).toHaveTextContent('Please wait. Page is Loading...');

    await advance(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();

    await advance(1);
    expect(screen.getByRole('heading', { name: 'This page took too long to load' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
    expect(reload).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the general text for other route errors', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const router = createMemoryRouter([{ path: '/', errorElement: <RouteErrorPage />, element: <Suspense fallback={null}><Broken /></Suspense> }]);
    render(<RouterProvider router={router} />);
    await advance(0);
    expect(screen.getByRole('heading', { name: 'This page hit a snag' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
