import { useState } from 'react';
import { ProducerGate } from '../features/producers/components/ProducerGate';
import { MelodyGuidelines } from '../features/uploads/components/MelodyGuidelines';
import { MelodyUploadForm } from '../features/uploads/components/MelodyUploadForm';
import { MetadataHelp } from '../features/uploads/components/MetadataHelp';
import { UploadHelpModal } from '../features/uploads/components/UploadHelpModal';
import '../features/uploads/components/Uploads.css';
import './UploadPages.css';

const MELODY_METADATA_HELP = [
  ['Artists', 'Artists your composition sounds like, one per tag.'],
  ['Instruments', 'What plays in the stems: piano, strings, bells, pads, leads.'],
  ['Genres', 'Where the composition fits: trap, drill, lo-fi, R&B...'],
  ['Moods', 'How it feels: dark, sad, uplifting, dreamy.'],
  ['Tempo Style', 'How the tempo feels: half-time, bouncy, laid-back.'],
  ['BPM, Key and Mode', 'The tempo and key every stem was made in. The generator only combines loops that fit together.'],
] as const;

/** /upload-samples: Upload Melody Samples (requirements §P2), behind the protected-route wrapper. */
export function UploadSamplesPage() {
  const [showGuidelines, setShowGuidelines] = useState(true);
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <div className="upload-page">
      <div className="upload-page__header">
        <div>
          <p className="upload-page__eyebrow">Contribute</p>
          <h1 className="upload-page__title">Upload Melody Samples</h1>
          <p className="upload-page__lead">
            Share the stems of one composition. Tag them well and the generator will build beats around them.
          </p>
        </div>
        <button type="button" className="button button--secondary" onClick={() => setHelpOpen(true)}>
          How to Upload
        </button>
      </div>
      {showGuidelines && <MelodyGuidelines onDismiss={() => setShowGuidelines(false)} />}
      <MetadataHelp fields={MELODY_METADATA_HELP} />
      <ProducerGate title="Only producers can upload melody samples">
        <MelodyUploadForm />
      </ProducerGate>
      <UploadHelpModal
        open={helpOpen}
        title="How to Upload Melody Samples"
        onClose={() => setHelpOpen(false)}
        tagStep="Use the fields for tags: artists, instruments, genres, moods and tempo style, then the BPM, key and mode."
      />
    </div>
  );
}
