import { useId, useState } from 'react';
import { sectionName } from '../../beats/song-sections';
import {
  DRUM_CATEGORIES,
  EMPTY_SELECTION,
  canChoose,
  selectionSize,
  toggleDrum,
  toSectionDrumsInput,
  type DrumCategory,
  type EditMode,
  type SectionSelection,
} from '../section-selection';
import './SectionEditor.css';

export interface EditorSection {
  readonly label: string;
  readonly drums: readonly string[];
  readonly removedDrums: readonly string[];
}

interface SectionEditorProps {
  readonly mode: EditMode;
  readonly sections: readonly EditorSection[];
  /** A generation is running: Apply waits (requirements §L2). */
  readonly loading: boolean;
  readonly onCancel: () => void;
  readonly onApply: (sections: Array<{ section: number; drums: DrumCategory[] }>) => void;
}

/** The editor's menu labels (requirements §L2) and what each mode does. */
export const EDIT_MODES: Readonly<Record<EditMode, { readonly label: string; readonly help: string }>> = {
  swap: { label: 'Change Drums', help: 'Choose the drums to replace with another loop of the same kind, section by section.' },
  remove: { label: 'Remove Drums', help: 'Choose the drums to take out of each section.' },
  global: {
    label: 'Set Global Drums',
    help: "Choose the section whose drum should play in every section. Each drum comes from one section, so choosing it again elsewhere moves it.",
  },
};

/** Why a drum cannot be chosen in a section. */
function unavailableReason(mode: EditMode, section: EditorSection, drum: DrumCategory): string {
  if (section.removedDrums.includes(drum)) return mode === 'remove' ? 'Already removed' : 'Removed from this section';
  return 'Not in this section';
}

/**
 * The section editor (requirements §L2, §4): one card per song section with the drum categories, in swap,
 * remove or global mode; Cancel, and Apply Changes (disabled while loading or with nothing chosen).
 */
export function SectionEditor({ mode, sections, loading, onCancel, onApply }: SectionEditorProps) {
  const [selection, setSelection] = useState<SectionSelection>(EMPTY_SELECTION);
  const headingId = useId();
  const chosen = selectionSize(selection);

  return (
    <section className="section-editor" aria-labelledby={headingId} data-mode={mode}>
      <div className="section-editor__header">
        <h2 className="section-editor__title" id={headingId}>
          {EDIT_MODES[mode].label}
        </h2>
        <p className="section-editor__help">{EDIT_MODES[mode].help}</p>
      </div>

      <ol className="section-editor__cards">
        {sections.map((section, index) => {
          const name = sectionName(section.label);
          const picked = selection[index] ?? [];
          return (
            <li key={index} className="section-card">
              <fieldset className="section-card__fieldset">
                <legend className="section-card__title">
                  {name} <span className="section-card__number">Section {index + 1}</span>
                </legend>
                <div className="section-card__drums">
                  {DRUM_CATEGORIES.map((drum) => {
                    const available = canChoose(mode, section, drum);
                    const pressed = picked.includes(drum);
                    return (
                      <button
                        key={drum}
                        type="button"
                        className="drum-toggle"
                        aria-pressed={pressed}
                        aria-label={`${drum} in ${name} (section ${index + 1})`}
                        title={available ? undefined : unavailableReason(mode, section, drum)}
                        disabled={!available}
                        onClick={() => setSelection((current) => toggleDrum(current, mode, index, drum))}
                      >
                        {drum}
                      </button>
                    );
                  })}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>

      <div className="section-editor__footer">
        <p className="section-editor__count" aria-live="polite">
          {chosen === 0 ? 'Nothing chosen yet.' : `${chosen} ${chosen === 1 ? 'drum' : 'drums'} chosen.`}
        </p>
        <div className="section-editor__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={loading || chosen === 0}
            onClick={() => onApply(toSectionDrumsInput(selection))}
          >
            Apply Changes
          </button>
        </div>
      </div>
    </section>
  );
}
