import type { DragEvent } from 'react';

interface PageDropOverlayProps {
  readonly onDragOver: (event: DragEvent<HTMLElement>) => void;
  readonly onDragLeave: () => void;
  readonly onDrop: (event: DragEvent<HTMLElement>) => void;
}

/** The whole-page 'Drop Files Anywhere' overlay shown while files are dragged over the drum page. */
export function PageDropOverlay(handlers: PageDropOverlayProps) {
  return (
    <div className="page-drop" data-testid="page-drop-overlay" {...handlers}>
      <div className="page-drop__frame">
        <p className="page-drop__title">Drop Files Anywhere</p>
        <p className="page-drop__text">Each WAV file becomes a row; its name fills in the type, BPM and 808 key.</p>
      </div>
    </div>
  );
}
