import { paths } from './paths';

export interface InfoLink {
  readonly to: string;
  readonly label: string;
}

const subscriptionFeatures = { to: paths.subscriptionFeatures, label: 'Subscription Features' };
const beatEditing = { to: paths.beatEditing, label: 'How Beat Editing Works' };
const rightsUsage = { to: paths.rightsUsage, label: 'Rights & Usage' };
const licenses = { to: paths.licenses, label: 'Licenses & Training' };
const about = { to: paths.about, label: 'About Us' };
const termsConditions = { to: paths.termsConditions, label: 'Terms & Privacy' };
const developers = { to: paths.developers, label: 'Developers' };

/** The header's Learn More links, in requirements §L2's order. */
export const LEARN_MORE_LINKS: readonly InfoLink[] = [subscriptionFeatures, beatEditing, rightsUsage, licenses, about, termsConditions];

/** The footer's links: requirements §P2's six in its order, then the API documentation (issue 20). */
export const FOOTER_LINKS: readonly InfoLink[] = [subscriptionFeatures, beatEditing, rightsUsage, licenses, termsConditions, about, developers];
