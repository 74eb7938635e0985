import { useState } from 'react';
import { Banner } from '../../../ui/banner/Banner';
import { FILE_KINDS, FILE_LABELS, formatBytes, tierFiles, type LicenceFileKind } from '../lease-tiers';
import './Licences.css';

export interface LicenceFileView {
  readonly kind: string;
  readonly fileName: string;
  readonly bytes: number;
}

interface LicenceDownloadsProps {
  readonly tier: string;
  readonly filesReady: boolean;
  readonly files: readonly LicenceFileView[];
  /** Saves one file; rejects when it could not be downloaded. */
  readonly onDownload: (kind: LicenceFileKind) => Promise<void>;
  /** Names the buttons for screen readers when several licences are listed ("Download MP3 of ... 7.4 MB"). */
  readonly context?: string;
}

export const DOWNLOAD_FAILED = 'The file could not be downloaded. Please try again.';

/** A licence's files: MP3, WAV, the stems where the tier has them and the licence PDF, or the wait for them. */
export function LicenceDownloads({ tier, filesReady, files, onDownload, context }: LicenceDownloadsProps) {
  const [busy, setBusy] = useState<LicenceFileKind | null>(null);
  const [failure, setFailure] = useState<number | null>(null);

  if (!filesReady) {
    const coming = tierFiles(tier).map((kind) => FILE_LABELS[kind]);
    return (
      <p className="licence-downloads__preparing" role="status">
        <span className="licence-downloads__spinner" aria-hidden="true" />
        {`Preparing your files (${coming.join(', ')})...`}
      </p>
    );
  }

  const download = async (kind: LicenceFileKind) => {
    if (busy) return;
    setBusy(kind);
    try {
      await onDownload(kind);
    } catch (error) {
      console.error(`Failed to download the licence's ${kind}.`, error);
      setFailure((count) => (count ?? 0) + 1);
    } finally {
      setBusy(null);
    }
  };

  const byKind = new Map(files.map((file) => [file.kind, file]));
  const kinds = FILE_KINDS.filter((kind) => byKind.has(kind));
  return (
    <div className="licence-downloads">
      <ul className="licence-downloads__list">
        {kinds.map((kind) => {
          const file = byKind.get(kind)!;
          return (
            <li key={kind}>
              <button
                type="button"
                className={`button ${kind === 'DOCUMENT' ? 'button--secondary' : 'button--primary'} licence-downloads__button`}
                title={file.fileName}
                disabled={busy !== null}
                aria-busy={busy === kind}
                onClick={() => void download(kind)}
              >
                {/* The name is the visible text with what it downloads: "Download MP3 of <beat> 7.4 MB". */}
                <span className="visually-hidden">Download</span> <span>{FILE_LABELS[kind]}</span>{' '}
                {context && (
                  <>
                    <span className="visually-hidden">{`of ${context}`}</span>{' '}
                  </>
                )}
                <span className="licence-downloads__size">{busy === kind ? 'Downloading...' : formatBytes(file.bytes)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {failure !== null && (
        <Banner key={failure} tone="error" autoHide onDismiss={() => setFailure(null)}>
          {DOWNLOAD_FAILED}
        </Banner>
      )}
    </div>
  );
}
