import { useQuery } from '@apollo/client/react';
import { LicenceTierTermsDocument } from '../../../generated/graphql';

/** The four licence tiers with the default terms (public; the api's one source of licence terms). */
export function useLicenceTierTerms() {
  const { data, error, refetch } = useQuery(LicenceTierTermsDocument);
  return { tiers: data?.licenceTierTerms ?? null, error, retry: () => void refetch().catch(() => undefined) };
}
