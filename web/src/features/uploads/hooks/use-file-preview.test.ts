import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPlayback } from '../test/upload-api';
import { useFilePreview } from './use-file-preview';

const wav = (name: string) => new File(['x'], name, { type: 'audio/wav' });

describe('useFilePreview', () => {
  let played: string[];
  let revoked: string[];

  beforeEach(() => {
    ({ played, revoked } = stubPlayback());
  });
  afterEach(() => vi.restoreAllMocks());

  it('play toggles pause and resumes the same file', () => {
    const { result } = renderHook(() => useFilePreview());
    const file = wav('a.wav');
    act(() => result.current.toggle('a', file));
    expect(result.current).toMatchObject({ currentId: 'a', playing: true });
    act(() => result.current.toggle('a', file));
    expect(result.current).toMatchObject({ currentId: 'a', playing: false });
    act(() => result.current.toggle('a', file));
    expect(result.current.playing).toBe(true);
    expect(played).toEqual(['blob:file-1', 'blob:file-1']);
  });

  it('starting another file stops the first and frees its URL', () => {
    const { result } = renderHook(() => useFilePreview());
    act(() => result.current.toggle('a', wav('a.wav')));
    act(() => result.current.toggle('b', wav('b.wav')));
    expect(result.current).toMatchObject({ currentId: 'b', playing: true });
    expect(revoked).toEqual(['blob:file-1']);
    expect(played).toEqual(['blob:file-1', 'blob:file-2']);
  });

  it('the end of playback clears the selection', () => {
    const element = { current: null as HTMLMediaElement | null };
    vi.mocked(HTMLMediaElement.prototype.play).mockImplementation(function (this: HTMLMediaElement) {
      element.current = this;
      return Promise.resolve();
    });
    const { result } = renderHook(() => useFilePreview());
    act(() => result.current.toggle('a', wav('a.wav')));
    act(() => {
      element.current!.dispatchEvent(new Event('ended'));
    });
    expect(result.current).toMatchObject({ currentId: null, playing: false });
  });

  it('releasing the playing file stops it; releasing another does nothing', () => {
    const { result } = renderHook(() => useFilePreview());
    act(() => result.current.toggle('a', wav('a.wav')));
    act(() => result.current.release('b'));
    expect(result.current.currentId).toBe('a');
    act(() => result.current.release('a'));
    expect(result.current).toMatchObject({ currentId: null, playing: false });
    expect(revoked).toEqual(['blob:file-1']);
  });

  it('a file the browser cannot play clears the selection', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(HTMLMediaElement.prototype.play).mockRejectedValue(Object.assign(new Error('bad'), { name: 'NotSupportedError' }));
    const { result } = renderHook(() => useFilePreview());
    await act(async () => result.current.toggle('a', wav('a.wav')));
    expect(result.current.currentId).toBeNull();
  });
});
