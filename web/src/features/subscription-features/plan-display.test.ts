import { EARLY_ACCESS_ENDS as API_EARLY_ACCESS_ENDS, PLANS } from '../../../../api/src/modules/billing/plans';
import { EARLY_ACCESS_ENDS } from './early-access';
import { FEATURE_ROWS, formatPlanPrice } from './plan-display';

describe('plan display', () => {
  it('formats prices as the spec\'s plan table does', () => {
    expect(PLANS.map((p) => formatPlanPrice(p.priceCents))).toEqual(['$0', '$7.50', '$20.00', '$500.00']);
    expect(formatPlanPrice(123_456)).toBe('$1,234.56');
  });

  it('uses the api\'s Early Access end date everywhere', () => {
    expect(EARLY_ACCESS_ENDS).toBe(API_EARLY_ACCESS_ENDS);
  });

  it('gives Free generation only, and Enterprise alone feature requests', () => {
    const free = FEATURE_ROWS.filter((row) => row.levels.includes(1)).map((row) => row.label);
    expect(free).toEqual(['Beat generation from a prompt', 'Download for personal listening']);
    expect(FEATURE_ROWS.filter((row) => row.levels.length === 1).every((row) => row.levels[0] === 4)).toBe(true);
  });
});
