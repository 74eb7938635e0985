import { useState } from 'react';
import { ProducerGate } from '../features/producers/components/ProducerGate';
import { DrumUploadForm } from '../features/uploads/components/DrumUploadForm';
import { MetadataHelp } from '../features/uploads/components/MetadataHelp';
import { UploadHelpModal } from '../features/uploads/components/UploadHelpModal';
import '../features/uploads/components/Uploads.css';
import './UploadPages.css';

const DRUM_METADATA_HELP = [
  ['Type', 'What the loop plays: 808s, kicks, snares, hi-hats, open hats, claps, cymbals, percussion or FX. Names like "kick_140bpm.wav" or "808_F#min.wav" fill in the type, BPM and 808 key for you. A riser (1 or 2 bars) or an impact (1, 2 or 4 bars) is FX with "riser" or "impact" among its instruments: beats play a riser into a chorus and an impact on its first beat.'],
  ['Genres and Artists', 'Where the loop fits and who it sounds like, one per tag.'],
  ['Style', 'The mood of the loop: hard, bouncy, dark, minimal.'],
  ['Tempo Style', 'How the groove feels: half-time, double-time, swung.'],
  ['BPM', 'The tempo the loop was made at, 40 to 250.'],
  ['Key/Mode', 'Only for 808s: the key and mode the bass follows.'],
  ['Copy From', 'Copy all metadata, or one list, from another row, or from one row to all rows.'],
] as const;

/** /upload-drums: Drum Sample Upload (requirements §P2), behind the protected-route wrapper. */
export function UploadDrumsPage() {
  const [guideOpen, setGuideOpen] = useState(false);
  return (
    <div className="upload-page upload-page--drums">
      <div className="upload-page__header">
        <div>
          <p className="upload-page__eyebrow">Contribute</p>
          <h1 className="upload-page__title">Drum Sample Upload</h1>
          <p className="upload-page__lead">Upload drum loops, one row per file, each with its own type, tags and tempo.</p>
        </div>
        <button type="button" className="button button--secondary" onClick={() => setGuideOpen(true)}>
          Upload Guide
        </button>
      </div>
      <MetadataHelp fields={DRUM_METADATA_HELP} />
      <ProducerGate title="Only producers can upload drum samples">
        <DrumUploadForm />
      </ProducerGate>
      <UploadHelpModal
        open={guideOpen}
        title="How to Upload Drum Samples"
        onClose={() => setGuideOpen(false)}
        tagStep="Use the fields of each row for tags: genres, artists, style and tempo style, then the BPM (and key and mode for 808s). Copy From saves typing."
      />
    </div>
  );
}
