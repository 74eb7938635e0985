import { Modal } from '../../../ui/modal/Modal';

interface UploadHelpModalProps {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  /** The last step: where the tags go on this page. */
  readonly tagStep: string;
}

/** The help modals (requirements §P2): only WAV, keep 8 bars, drag/drop or click, use the fields for tags. */
export function UploadHelpModal({ open, title, onClose, tagStep }: UploadHelpModalProps) {
  return (
    <Modal open={open} title={title} onClose={onClose}>
      <ol className="help-steps">
        <li>
          <strong>Only WAV files.</strong> MP3 and other formats are refused.
        </li>
        <li>
          <strong>Keep loops 8 bars long,</strong> so they line up with the other parts of a beat.
        </li>
        <li>
          <strong>Drag and drop</strong> your files onto the page, or <strong>click</strong> the upload area to choose them.
        </li>
        <li>{tagStep}</li>
      </ol>
      <div className="help-steps__footer">
        <button type="button" className="button button--primary" onClick={onClose}>
          Got it
        </button>
      </div>
    </Modal>
  );
}
