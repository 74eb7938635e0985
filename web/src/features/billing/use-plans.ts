import { useQuery } from '@apollo/client/react';
import { PlansDocument, type PlansQuery } from '../../generated/graphql';

export type PlanView = PlansQuery['plans'][number];

/** The four subscription plans (requirements §L9), Free first; served by the api, cached for every page. */
export function usePlans() {
  const { data, loading, error } = useQuery(PlansDocument, { fetchPolicy: 'cache-first' });
  return { plans: data?.plans ?? [], loading, error };
}
