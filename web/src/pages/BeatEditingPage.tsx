import { BeatEditingGuide } from '../features/info-pages/components/BeatEditingGuide';

/** /beat-editing: How Beat Editing Works */
export function BeatEditingPage() {
  return <BeatEditingGuide />;
}
