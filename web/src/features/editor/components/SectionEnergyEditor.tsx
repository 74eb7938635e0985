import { useId, useState } from 'react';
import { sectionName } from '../../beats/song-sections';
import { ENERGY_LEVELS, toSectionEnergyInput, type EnergySelection } from '../section-energy';
import './SectionEditor.css';

export interface EnergySection {
  readonly label: string;
  readonly energy: number;
}

interface SectionEnergyEditorProps {
  readonly sections: readonly EnergySection[];
  /** A generation is running: Apply waits. */
  readonly loading: boolean;
  readonly onCancel: () => void;
  readonly onApply: (sections: Array<{ section: number; energy: number }>) => void;
}

export const ENERGY_EDITOR = {
  label: 'Set Section Energy',
  help: 'Make a section calmer or fuller than it was generated: its drums, melody and the transitions into and out of it are arranged again.',
} as const;

/**
 * The section editor's energy mode: one card per song section with its energy, from Much calmer to
 * Much fuller (the current one chosen); Cancel, and Apply Changes once a section's energy changed.
 */
export function SectionEnergyEditor({ sections, loading, onCancel, onApply }: SectionEnergyEditorProps) {
  const [selection, setSelection] = useState<EnergySelection>({});
  const headingId = useId();
  const changes = toSectionEnergyInput(selection, sections);

  return (
    <section className="section-editor" aria-labelledby={headingId} data-mode="energy">
      <div className="section-editor__header">
        <h2 className="section-editor__title" id={headingId}>
          {ENERGY_EDITOR.label}
        </h2>
        <p className="section-editor__help">{ENERGY_EDITOR.help}</p>
      </div>

      <ol className="section-editor__cards">
        {sections.map((section, index) => {
          const name = sectionName(section.label);
          const chosen = selection[index] ?? section.energy;
          return (
            <li key={index} className="section-card">
              <fieldset className="section-card__fieldset">
                <legend className="section-card__title">
                  {name} <span className="section-card__number">Section {index + 1}</span>
                </legend>
                <div className="section-card__drums" role="radiogroup" aria-label={`Energy of ${name} (section ${index + 1})`}>
                  {ENERGY_LEVELS.map((level) => (
                    <button
                      key={level.value}
                      type="button"
                      role="radio"
                      className="drum-toggle"
                      aria-checked={chosen === level.value}
                      onClick={() => setSelection((current) => ({ ...current, [index]: level.value }))}
                    >
                      {level.label}
                    </button>
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>

      <div className="section-editor__footer">
        <p className="section-editor__count" aria-live="polite">
          {changes.length === 0 ? 'Nothing changed yet.' : `${changes.length} ${changes.length === 1 ? 'section' : 'sections'} changed.`}
        </p>
        <div className="section-editor__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button--primary" disabled={loading || changes.length === 0} onClick={() => onApply(changes)}>
            Apply Changes
          </button>
        </div>
      </div>
    </section>
  );
}
