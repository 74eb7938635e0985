import { servedPlans } from '../../test/marketing-backend';
import { cardFeatures, comparisonRows } from './plan-features';

describe('plan features', () => {
  const plans = servedPlans();
  const byName = (name: string) => plans.find((p) => p.name === name)!;

  it('lists the comparison rows in the api order; Free has generation and leases, Enterprise alone feature requests', () => {
    const rows = comparisonRows(plans);
    // Leases are open to every signed-in user (issue 30), so every plan sells beats.
    expect(rows.filter((row) => row.levels.includes(1)).map((row) => row.label)).toEqual(['Beat generation from a prompt', 'Download for personal listening', 'Sell beats and earn']);
    expect(rows.find((row) => row.label === 'Feature requests')!.levels).toEqual([4]);
    expect(rows.find((row) => row.label === 'Sell beats and earn')!.levels).toEqual([1, 2, 3, 4]);
    expect(rows.find((row) => row.label === 'Purchase beats with full rights')!.levels).toEqual([3, 4]);
  });

  it('marks the claims whose capability the committed schema lacks as not available (auditing)', () => {
    const soon = comparisonRows(plans).filter((row) => !row.available).map((row) => row.label);
    // Licences sell (issue 17) and producers are paid (issue 18, myEarnings): only auditing is to come.
    expect(soon).toEqual(['Copyright and publishing auditing']);
  });

  it('builds each card on the plan below it', () => {
    expect(cardFeatures(byName('Free'), plans).basis).toBeNull();
    const premium = cardFeatures(byName('Premium'), plans);
    expect(premium.basis?.name).toBe('Early Access Premium');
    expect(premium.features.map((f) => f.label)).toEqual(['Purchase beats with full rights', 'Upload stems and earn', 'Priority support']);
    expect(cardFeatures(byName('Enterprise'), plans).basis?.name).toBe('Premium');
  });
});
