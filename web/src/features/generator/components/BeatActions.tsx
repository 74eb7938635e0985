import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { DropdownMenu } from '../../../ui/dropdown/DropdownMenu';
import { EDIT_MODES } from '../../editor/components/SectionEditor';
import { ENERGY_EDITOR } from '../../editor/components/SectionEnergyEditor';
import type { EditMode } from '../../editor/section-selection';

/** What the Edit Beat Sections menu opens: a drum edit mode, or the sections' energy. */
export type EditorMode = EditMode | 'energy';

/** Requirements §L5, §9: full beats and section editing need subscription level 2 or above. */
export const MIN_EDIT_LEVEL = 2;

interface BeatActionsProps {
  readonly level: number;
  readonly loading: boolean;
  readonly onMakeFullBeat: () => void;
  readonly onEdit: (mode: EditorMode) => void;
}

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
      <path d="M3 4.5 6 7.5 9 4.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const MODES: readonly EditMode[] = ['swap', 'remove', 'global'];

/** Make Full Beat and the Edit Beat Sections dropdown, disabled below level 2 and while loading. */
export function BeatActions({ level, loading, onMakeFullBeat, onEdit }: BeatActionsProps) {
  const allowed = level >= MIN_EDIT_LEVEL;
  const enabled = allowed && !loading;
  return (
    <div className="beat-actions">
      <div className="beat-actions__buttons">
        <button type="button" className="button button--primary" disabled={!enabled} onClick={onMakeFullBeat}>
          Make Full Beat
        </button>
        {enabled ? (
          <DropdownMenu
            label="Edit Beat Sections"
            className="beat-actions__edit"
            buttonContent={
              <>
                Edit Beat Sections <Chevron />
              </>
            }
            items={[
              ...MODES.map((mode) => ({ key: mode, label: EDIT_MODES[mode].label, onSelect: () => onEdit(mode) })),
              { key: 'energy', label: ENERGY_EDITOR.label, onSelect: () => onEdit('energy') },
            ]}
          />
        ) : (
          <button type="button" className="dropdown__button beat-actions__edit-locked" aria-haspopup="menu" disabled>
            Edit Beat Sections <Chevron />
          </button>
        )}
      </div>
      {!allowed && (
        <p className="beat-actions__note">
          Full beats and section editing come with Early Access Premium or higher. <Link to={paths.subscriptions}>See plans</Link>
        </p>
      )}
    </div>
  );
}
