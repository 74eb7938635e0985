import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { paths } from '../../../app/router/paths';
import { InfoPage, InfoSection } from './InfoPage';

/** /ysm-licenses: AI System Licenses and Training Information, with the sections of requirements §P2. */
export function LicensesTraining() {
  const { productName } = useRuntimeConfig();
  return (
    <InfoPage
      eyebrow="Licenses & Training"
      title="AI System Licenses and Training Information"
      lead={
        <p>
          How {productName} treats the music you contribute, what it is used for, and which tools it is built with. Generated
          music is tracked for auditing, so every use of your work can be traced back to you. Your uploads are not used to
          train any model: {productName} analyses your loops, arranges them into beats, credits you on every beat that uses
          them and pays you for its licences.
        </p>
      }
    >
      <InfoSection id="training-data" title="Training Data Information">
        <ul>
          <li>
            Music uploaded by producers is used for one thing: building beats. {productName} arranges your loops into the beats
            people generate; it does not train a model on them. The catalogue holds contributed loops and the royalty-free demo
            library {productName} makes itself, nothing else.
          </li>
          <li>
            You are responsible for the content you upload: only contribute material you made or hold the rights to.
          </li>
          <li>You keep control of your uploads: change their tags or withdraw them at any time from your contributor setup.</li>
          <li>Your data is not shared with third parties unless you opt in.</li>
          <li>
            Every upload is attributed to the person who uploaded it. You retain ownership of your work and its licensable
            rights.
          </li>
          <li>
            {productName} has the right to audit the publishing and master recordings of music made with the platform, so
            contributors are credited and paid correctly.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="data-usage-rights" title="Data Usage Rights">
        <ul>
          <li>Usage rights are set by contributors, not by {productName}.</li>
          <li>Baseline rights can be changed at any time from your contributor settings.</li>
          <li>Restrictive clauses are allowed: you decide what your material may and may not be used for.</li>
          <li>Songwriters and vocalists set their own thresholds for explicit content.</li>
        </ul>
      </InfoSection>

      <InfoSection id="data-processing" title="Data Processing">
        <ul>
          <li>
            <strong>Analysed:</strong> each WAV you upload is measured when it arrives: its length in bars at the BPM you give,
            its tempo and key, its loudness and peak level, and where its hits fall, so it can be time-stretched, pitched and
            levelled to fit a beat. A file that is not a whole number of bars is refused with the reason.
          </li>
          <li>
            <strong>Matched and arranged:</strong> the tags you give (artists, instruments, genres, moods and tempo style) with
            the BPM and key match your loops to the prompts they fit; the generator then arranges loops from several producers,
            section by section, into one beat.
          </li>
          <li>
            <strong>Credited:</strong> every beat records which of your loops it uses and where, and credits you with a
            percentage of it.
          </li>
          <li>
            <strong>Paid:</strong> when a beat is licensed you earn 90% of the licence fee after processing fees, in proportion
            to your share of the beat.
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="compliance" title="Compliance and Ethical Considerations">
        <ul>
          <li>
            How we handle personal data is described in our{' '}
            <Link to={`${paths.termsConditions}?tab=privacy`}>Privacy Policy</Link>.
          </li>
          <li>No scraped data: every sample in the catalogue was contributed by its owner.</li>
          <li>No personal information is collected from the music itself.</li>
        </ul>
      </InfoSection>

      <InfoSection id="software" title="Proprietary Software">
        <ul>
          <li>
            <strong>Text-To-Beat</strong> generation <span className="status-chip status-chip--live">Live</span>
          </li>
          <li>
            <strong>Text-To-Lyrics</strong> <span className="status-chip status-chip--soon">Work-in-Progress... Coming soon</span>
          </li>
          <li>
            <strong>Lyrics-To-Singing</strong> <span className="status-chip status-chip--soon">Work-in-Progress... Coming soon</span>
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="tools" title="Model Development Tools">
        <p>No deep-learning model is trained or run on your music. Beats are made with openly documented tools:</p>
        <ul>
          <li>a word-embedding library (100-dimensional English word vectors) that lets prompts match tags written in different words;</li>
          <li>a sentiment lexicon that reads the mood a prompt asks for;</li>
          <li>
            {productName}&apos;s own signal processing (Fourier analysis, time-stretching, pitch-shifting, loudness measurement
            and mixing) that measures loops and renders the beat.
          </li>
        </ul>
      </InfoSection>
    </InfoPage>
  );
}
