import { act, screen } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { pageNavigation } from '../browser/page-navigation';
import { CHUNK_LOAD_TIMEOUT_MS } from './lazy-page';

// The About page's chunk never arrives: importing its module starts and then stalls, as a download
// whose connection hangs does.
const chunk = vi.hoisted(() => {
  let requested!: () => void;
  return { requested: new Promise<void>((resolve) => (requested = resolve)), request: () => requested() };
});
vi.mock(import('../../pages/AboutPage'), () => {
  chunk.request();
  return new Promise(() => undefined);
});

describe('the app routes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('time out a page chunk that stalls after 120 s and offer a reload', async () => {
    // The fake clock also follows real time, so the app boots (client configuration, session) as usual.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp({ path: '/about' });
    await chunk.requested;
    expect(await screen.findByText('Please wait. Page is Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS));
    expect(await screen.findByRole('heading', { name: 'This page took too long to load' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
