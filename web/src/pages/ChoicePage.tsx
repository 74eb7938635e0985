import { ContributeChoice } from '../features/producers/components/ContributeChoice';

/** /choice: the contribute choice, public (Producer asks signed-out visitors to log in). */
export function ChoicePage() {
  return <ContributeChoice />;
}
