import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { CreateCheckoutSessionDocument } from '../../../generated/graphql';

/** Starts a checkout for a plan and reports which plan is processing until the browser leaves. */
export function useStartCheckout() {
  const [mutate] = useMutation(CreateCheckoutSessionDocument);
  const [processing, setProcessing] = useState<string | null>(null);

  /** The checkout page's address; the processing state stays on success (the page is about to change). */
  const start = async (priceId: string): Promise<string> => {
    setProcessing(priceId);
    try {
      const { data } = await mutate({ variables: { priceId } });
      if (!data) throw new Error('No checkout was returned.');
      return data.createCheckoutSession.checkoutUrl;
    } catch (error) {
      setProcessing(null);
      throw error;
    }
  };

  return { start, processing };
}
