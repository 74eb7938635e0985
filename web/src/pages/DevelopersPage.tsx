import { DevelopersGuide } from '../features/developers/components/DevelopersGuide';

/** /developers: the public API, documented. */
export function DevelopersPage() {
  return <DevelopersGuide />;
}
