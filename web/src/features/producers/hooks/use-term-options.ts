import { useQuery } from '@apollo/client/react';
import { ContractTermOptionsDocument } from '../../../generated/graphql';

/** The option lists and limits the api checks against (requirements §P9): dropdowns, PROs, comment length, highest price. */
export function useTermOptions() {
  const { data, error } = useQuery(ContractTermOptionsDocument);
  return { options: data?.contractTermOptions ?? null, error };
}
