import { formatTime } from './format-time';

describe('formatTime', () => {
  it('shows minutes and seconds with two digits each, rounding down', () => {
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(7.9)).toBe('00:07');
    expect(formatTime(61)).toBe('01:01');
    expect(formatTime(3600 + 5)).toBe('60:05');
  });

  it('reads 00:00 for a time that is not known yet', () => {
    expect(formatTime(Number.NaN)).toBe('00:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('00:00');
    expect(formatTime(-3)).toBe('00:00');
  });
});
