import { findUnsafeText, textProblem } from './text-safety';

describe('text safety', () => {
  it('allows ordinary text, tabs, line breaks and astral characters', () => {
    expect(textProblem('Drake type beat\twith\r\nüñíçødé 🥁')).toBeNull();
  });

  it('refuses NUL, other control characters and lone surrogates', () => {
    expect(textProblem('trap\u0000beat')).toBe('control character');
    expect(textProblem('bell\u0007')).toBe('control character');
    expect(textProblem('c1\u0085')).toBe('control character');
    expect(textProblem('a\ud800b')).toBe('invalid Unicode');
    expect(textProblem('\udc00')).toBe('invalid Unicode');
    expect(textProblem('\ud83e')).toBe('invalid Unicode');
  });

  it('finds the first unsafe string anywhere in a value, keys included', () => {
    expect(findUnsafeText({ a: ['ok', { b: 1, c: 'x\u0000' }] })).toEqual({ path: 'a[1].c', problem: 'control character' });
    expect(findUnsafeText({ ['k\u0000']: 'v' })).toEqual({ path: '?', problem: 'control character' });
    expect(findUnsafeText({ a: [1, true, null, 'fine'] })).toBeNull();
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeText(deep)?.problem).toBe('control character');
  });
});
