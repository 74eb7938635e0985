import { Modal } from '../../../ui/modal/Modal';
import { useRotatingMessage } from '../hooks/use-rotating-message';

const ignoreClose = () => undefined;

/**
 * The blocking 'Uploading in Progress' modal (requirements §P2): it cannot be closed, and under the fixed
 * text it cycles a message every 3 seconds.
 */
export function UploadingModal({ open }: { readonly open: boolean }) {
  const message = useRotatingMessage(open);
  return (
    <Modal open={open} title="Uploading in Progress" onClose={ignoreClose} dismissible={false}>
      <div className="uploading">
        <div className="uploading__bars" aria-hidden="true">
          <span />
          <span />
          <span />
          <span />
          <span />
        </div>
        <p className="uploading__text">Please wait while your files are being uploaded...</p>
        <p className="uploading__message" aria-live="polite">
          {message}
        </p>
      </div>
    </Modal>
  );
}
