import { useCallback, useRef, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { BeatLicenceOfferDocument, CreateLicenseCheckoutDocument, MeDocument, type MeQuery } from '../../../generated/graphql';
import type { ModalMessage } from '../components/PurchaseRightsModal';
import { LICENCE_MESSAGES } from '../licence-messages';
import { isProfileComplete } from '../profile-complete';

type Profile = MeQuery['me'];

/**
 * Get License, Purchase Rights and the checkout of one beat (requirements §L2, §4): the options are read
 * fresh each time the modal opens (prices and an exclusive sale change them); Purchase Now reads the
 * profile fresh too, and with an incomplete one shows the player's message instead of a checkout.
 */
export function useLicencePurchase(beatId: string) {
  const client = useApolloClient();
  const [open, setOpen] = useState(false);
  const [purchasing, setPurchasing] = useState<string | null>(null);
  // A double click lands before the re-render that disables the buttons: one checkout at a time.
  const starting = useRef(false);
  const [message, setMessage] = useState<ModalMessage | null>(null);
  const [profileIncomplete, setProfileIncomplete] = useState(false);
  const offer = useQuery(BeatLicenceOfferDocument, { variables: { beatId }, skip: !open, fetchPolicy: 'network-only' });
  const [createCheckout] = useMutation(CreateLicenseCheckoutDocument);

  const show = useCallback((tone: ModalMessage['tone'], text: string) => setMessage((current) => ({ tone, text, serial: (current?.serial ?? 0) + 1 })), []);

  const openModal = useCallback(() => {
    setMessage(null);
    setOpen(true);
  }, []);

  const askForProfile = () => {
    starting.current = false;
    setOpen(false);
    setPurchasing(null);
    setProfileIncomplete(true);
  };

  /** The profile as it is now (it may have been completed in another tab); the cached one if the read fails. */
  const currentProfile = async (): Promise<Profile | null> => {
    try {
      const { data } = await client.query({ query: MeDocument, fetchPolicy: 'network-only' });
      return data?.me ?? null;
    } catch (error) {
      console.error('Failed to read the profile for the purchase.', error);
      return client.readQuery({ query: MeDocument })?.me ?? null;
    }
  };

  const purchase = async (priceId: string) => {
    if (starting.current) return;
    starting.current = true;
    setPurchasing(priceId);
    setMessage(null);
    const profile = await currentProfile();
    if (!profile || !isProfileComplete(profile)) {
      askForProfile();
      return;
    }
    try {
      const { data } = await createCheckout({
        variables: { input: { beatId, leaseOptionId: priceId, firstName: profile.fname!.trim(), lastName: profile.lname!.trim(), country: profile.country! } },
      });
      if (!data) throw new Error('No checkout was returned.');
      show('success', LICENCE_MESSAGES.redirecting);
      // Processing... stays: the page is about to change.
      pageNavigation.assign(data.createLicenseCheckout.checkoutUrl);
    } catch (error) {
      console.error('Failed to start a licence checkout.', error);
      const failure = graphQLFailure(error);
      if (failure?.message === LICENCE_MESSAGES.profileIncomplete) {
        askForProfile();
        return;
      }
      starting.current = false;
      setPurchasing(null);
      // The api's own words for what the buyer can act on (sold exclusively, not their beat, ...).
      const known = failure?.code && ['BAD_USER_INPUT', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN'].includes(failure.code);
      show('error', known ? failure.message : LICENCE_MESSAGES.checkoutFailed);
      // A refusal may mean the offer changed (an exclusive was sold meanwhile): show it as it is now.
      if (failure?.code === 'CONFLICT') void offer.refetch().catch(() => undefined);
    }
  };

  if (offer.error) console.error('Failed to load the lease options.', offer.error);

  return {
    openModal,
    profileIncomplete,
    dismissProfileNotice: () => setProfileIncomplete(false),
    modal: {
      open,
      onClose: () => setOpen(false),
      offer: offer.data?.beatLicenceOffer ?? null,
      loadFailed: Boolean(offer.error),
      onRetry: () => void offer.refetch().catch(() => undefined),
      purchasing,
      onPurchase: (priceId: string) => void purchase(priceId),
      message,
      onMessageCleared: () => setMessage(null),
    },
  };
}
