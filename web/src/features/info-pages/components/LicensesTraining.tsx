import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { paths } from '../../../app/router/paths';
import { InfoPage, InfoSection } from './InfoPage';

/** /ysm-licenses: AI System Licenses and Training Information, with the sections of spec 2 §2. */
export function LicensesTraining() {
  const { productName } = useRuntimeConfig();
  return (
    <InfoPage
      eyebrow="Licenses & Training"
      title="AI System Licenses and Training Information"
      lead={
        <p>
          How {productName} treats the music you contribute, what it is used for, and which tools it is built with. Generated
          music is tracked for auditing, so every use of your work can be traced back to you.
        </p>
      }
    >
      <InfoSection id="training-data" title="Training Data Information">
        <ul>
          <li>All music uploaded by users is used to train {productName}&apos;s models. Nothing else is.</li>
          <li>
            You are responsible for the content you upload: only contribute material you made or hold the rights to.
          </li>
          <li>You keep control of your uploads and can delete or modify them at any time.</li>
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
        <p>
          Content is vetted through content-ID watermarking before it enters the catalogue, and the metadata you give (artists,
          instruments, genres, moods, tempo style, BPM and key) is used to match your material to the prompts it fits.
        </p>
      </InfoSection>

      <InfoSection id="compliance" title="Compliance and Ethical Considerations">
        <ul>
          <li>
            How we handle personal data is described in our{' '}
            <Link to={`${paths.termsConditions}?tab=privacy`}>Privacy Policy</Link>.
          </li>
          <li>No scraped data: every sample in the catalogue was contributed by its owner.</li>
          <li>No personal information is collected from the music itself or used to train models.</li>
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
        <p>Our models are developed with widely used, openly documented tooling:</p>
        <ul>
          <li>deep-learning frameworks for training and evaluating models;</li>
          <li>a machine-learning library for classic models and evaluation metrics;</li>
          <li>a word-embedding library that lets prompts match tags written in different words.</li>
        </ul>
      </InfoSection>
    </InfoPage>
  );
}
