import { SharedBeatView } from '../features/sharing/components/SharedBeatView';

/** /shared/:shareId: a beat its owner shared, on the storefront player (no sign-in). */
export function SharedBeatPage() {
  return <SharedBeatView />;
}
