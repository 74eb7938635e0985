/** The subscription texts of requirements §L2 and §8, word for word. */
export const SUBSCRIBE_MESSAGES = {
  loggedOut: 'You must be logged in to subscribe.',
  currentPlan: 'You are already subscribed to this plan.',
  checkoutFailed: 'Failed to initiate subscription process',
  cancelled: 'Subscription cancelled successfully.',
  cancelFailed: 'Error cancelling subscription.',
} as const;

export const CURRENT_PLAN_LABEL = 'Current Plan';
export const PROCESSING_LABEL = 'Processing...';

/** Requirements §L8: subscription errors show for about 4 seconds (other banners about 2), then fade. */
export const SUBSCRIBE_ERROR_VISIBLE_MS = 4000;
