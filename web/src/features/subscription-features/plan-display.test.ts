import { EARLY_ACCESS_ENDS as API_EARLY_ACCESS_ENDS, PLANS } from '../../../../api/src/modules/billing/plans';
import { EARLY_ACCESS_ENDS } from './early-access';
import { formatDiscount, formatPlanPrice, formatPriceInText, formatTokens } from './plan-display';

describe('plan display', () => {
  it('formats prices as the spec\'s plan table does', () => {
    expect(PLANS.map((p) => formatPlanPrice(p.priceCents))).toEqual(['$0', '$7.50', '$20.00', '$500.00']);
    expect(formatPlanPrice(123_456)).toBe('$1,234.56');
  });

  it('formats prices, tokens and the Early Access discount as the marketing text does', () => {
    expect(PLANS.map((p) => formatPriceInText(p.priceCents))).toEqual(['$0', '$7.50', '$20', '$500']);
    expect(PLANS.map((p) => formatTokens(p.tokensPerMonth))).toEqual(['25', '100', '100', '1,000']);
    expect(formatDiscount(750, 2000)).toBe('62.5%');
    expect(formatDiscount(1000, 2000)).toBe('50%');
  });

  it('uses the api\'s Early Access end date everywhere', () => {
    expect(EARLY_ACCESS_ENDS).toBe(API_EARLY_ACCESS_ENDS);
  });
});
