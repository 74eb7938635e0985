import { useMutation } from '@apollo/client/react';
import {
  SaveProducerContractDocument,
  SaveProducerPricingDocument,
  UpdateProducerAccountDocument,
  type ProducerAccountInput,
  type ProducerContractInput,
  type ProducerPricingInput,
} from '../../../generated/graphql';

/**
 * The contributor setup's three saves. Each answers the api's success text; the saved producer
 * lands in the cache (its id), so every panel shows what was stored.
 */
export function useProducerSettings() {
  const [pricing, pricingState] = useMutation(SaveProducerPricingDocument);
  const [contract, contractState] = useMutation(SaveProducerContractDocument);
  const [account, accountState] = useMutation(UpdateProducerAccountDocument);
  return {
    savePricing: async (input: ProducerPricingInput) => (await pricing({ variables: { input } })).data!.saveProducerPricing.message,
    saveContract: async (input: ProducerContractInput) => (await contract({ variables: { input } })).data!.saveProducerContract.message,
    updateAccount: async (input: ProducerAccountInput) => (await account({ variables: { input } })).data!.updateProducerAccount.message,
    savingPricing: pricingState.loading,
    savingContract: contractState.loading,
    updatingAccount: accountState.loading,
  };
}
