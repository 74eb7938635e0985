import { formatAmountPaid, formatPlanPrice } from './format-amount';

describe('amounts', () => {
  it('shows an amount paid as cents / 100 with 2 decimals and the upper-cased currency', () => {
    expect(formatAmountPaid(750, 'usd')).toBe('7.50 USD');
    expect(formatAmountPaid(50_000, 'eur')).toBe('500.00 EUR');
    expect(formatAmountPaid(0, 'usd')).toBe('0.00 USD');
    expect(formatAmountPaid(1, 'gbp')).toBe('0.01 GBP');
  });

  it('shows plan prices in dollars', () => {
    expect(formatPlanPrice(0)).toBe('$0');
    expect(formatPlanPrice(750)).toBe('$7.50');
    expect(formatPlanPrice(2000)).toBe('$20.00');
    expect(formatPlanPrice(50_000)).toBe('$500.00');
  });
});
