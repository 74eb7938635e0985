import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { InfoPage, InfoSection } from './InfoPage';
import './BeatEditingGuide.css';

const SECTIONS = [
  { letter: 'I', name: 'Intro', text: 'Sets the mood, usually with lighter drums.' },
  { letter: 'V', name: 'Verse', text: 'Sparser, leaving room for your vocal.' },
  { letter: 'C', name: 'Chorus', text: 'The full arrangement: every layer in.' },
  { letter: 'B', name: 'Bridge', text: 'A change of texture before the last chorus.' },
  { letter: 'O', name: 'Outro', text: 'Winds the beat down.' },
];

const MODES = [
  {
    label: 'Change Drums',
    text: 'Swaps the drum loops of the sections you pick for other loops of the same kind from the catalogue, stretched to the beat\'s tempo (808s are tuned to its key). Use it when the hi-hats feel too busy in the verse or the kick needs more punch in the chorus.',
  },
  {
    label: 'Remove Drums',
    text: 'Mutes the drum parts you choose in the sections you pick. Drop the kick out of the intro, leave the bridge with only the 808, or strip a verse back to the melody.',
  },
  {
    label: 'Set Global Drums',
    text: 'Takes the loop a drum part plays in the section you pick and plays it in every section that has that part, so the beat keeps one consistent groove from intro to outro.',
  },
];

/** /beat-editing: How Beat Editing Works. */
export function BeatEditingGuide() {
  return (
    <InfoPage
      eyebrow="Guide"
      title="How Beat Editing Works"
      lead={
        <p>
          Generate a beat, grow it into a full song, then reshape its drums section by section. Editing comes with Early
          Access Premium, Premium and Enterprise.
        </p>
      }
    >
      <InfoSection id="generate" title="1. Start from a prompt">
        <p>
          Type what you hear in your head, for example <em>Drake type beat</em> or <em>trap type beat with country drums</em>.
          In a few seconds you get a playable beat with its key, mode, BPM and a structure line, built from loops real
          producers contributed. Each generation uses one token.
        </p>
      </InfoSection>

      <InfoSection id="structure" title="2. Read the structure">
        <p>
          The structure line shows the beat&apos;s sections in order, eight bars each. A first beat is a short arrangement;
          a full beat runs the whole song.
        </p>
        <ul className="structure-legend">
          {SECTIONS.map((section) => (
            <li key={section.letter}>
              <span className="structure-legend__letter" aria-hidden="true">
                {section.letter}
              </span>
              <span>
                <strong>{section.name}</strong> ({section.letter}): {section.text}
              </span>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="full-beat" title="3. Make Full Beat">
        <p>
          Happy with the sound? <strong>Make Full Beat</strong> extends it to a complete song with the same loops, arranged in a
          structure that suits the genre. It uses one token, like a generation.
        </p>
      </InfoSection>

      <InfoSection id="edit" title="4. Edit Beat Sections">
        <p>
          Open <strong>Edit Beat Sections</strong> under the player and choose a mode. You get one card per section of the song:
          pick what should change in each, then press <strong>Apply Changes</strong>, or <strong>Cancel</strong> to leave the
          beat as it is.
        </p>
        <div className="edit-modes">
          {MODES.map((mode) => (
            <div key={mode.label} className="edit-mode">
              <h3 className="edit-mode__title">{mode.label}</h3>
              <p className="edit-mode__text">{mode.text}</p>
            </div>
          ))}
        </div>
        <p>
          Only the sections you touch are rendered again, so an edit is ready in moments, and edits never cost tokens. The
          edited beat is saved next to the original in your Generated Beats, so you can always go back.
        </p>
      </InfoSection>

      <InfoSection id="credits" title="Producers stay credited">
        <p>
          Every beat remembers which loop plays in which section. After an edit the contributing producers and their
          percentages are worked out again from what actually plays, so the right people are paid when you license it.
        </p>
      </InfoSection>

      <InfoSection id="who" title="Who can edit">
        <p>
          The Free plan generates beats and lets you listen and download them for personal listening. Full beats and section
          editing need Early Access Premium, Premium or Enterprise.
        </p>
        <div className="info-actions">
          <Link className="button button--primary" to={paths.subscriptionFeatures}>
            Compare plans
          </Link>
          <Link className="button button--secondary" to={paths.rightsUsage}>
            Licensing your beat
          </Link>
        </div>
      </InfoSection>
    </InfoPage>
  );
}
