import { CreatorProgrammeSoon } from '../features/contribute/components/CreatorProgrammeSoon';

/** /choice: the contribute choice (spec 2 §2); until producer sign-up exists, the programme's "opens soon" page. */
export function ChoicePage() {
  return <CreatorProgrammeSoon />;
}
