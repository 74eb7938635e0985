import type { PlanView } from '../../billing/use-plans';
import { ComingSoon } from '../../../ui/coming-soon/ComingSoon';
import { comparisonRows } from '../../billing/plan-features';
import { formatPlanPrice } from '../plan-display';

function Included({ included }: { readonly included: boolean }) {
  return included ? (
    <>
      <span className="feature-table__yes" aria-hidden="true">✓</span>
      <span className="visually-hidden">Included</span>
    </>
  ) : (
    <>
      <span className="feature-table__no" aria-hidden="true">–</span>
      <span className="visually-hidden">Not included</span>
    </>
  );
}

/** The feature comparison table: plans in columns, features in rows; scrolls sideways on a phone. */
export function FeatureComparison({ plans }: { readonly plans: readonly PlanView[] }) {
  return (
    <div className="feature-table__scroller" tabIndex={0} role="region" aria-labelledby="feature-table-caption">
      <table className="feature-table">
        <caption id="feature-table-caption" className="visually-hidden">
          Features of each plan
        </caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {plans.map((plan) => (
              <th key={plan.level} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Price per month</th>
            {plans.map((plan) => (
              <td key={plan.level}>{formatPlanPrice(plan.priceCents)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Tokens per month</th>
            {plans.map((plan) => (
              <td key={plan.level}>{plan.tokensPerMonth.toLocaleString('en-US')}</td>
            ))}
          </tr>
          {comparisonRows(plans).map((row) => (
            <tr key={row.id}>
              <th scope="row">
                {row.label}
                {!row.available && <ComingSoon />}
              </th>
              {plans.map((plan) => (
                <td key={plan.level}>
                  <Included included={row.levels.includes(plan.level)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
