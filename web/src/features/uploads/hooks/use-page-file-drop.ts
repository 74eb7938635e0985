import { useEffect, useState, type DragEvent } from 'react';

const carriesFiles = (event: globalThis.DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files');

/**
 * The whole-page drop target of the drum page (requirements §P2 "Drop Files Anywhere"): dragging files
 * over the window shows the overlay, which takes the drop; leaving the window hides it. Files
 * dropped anywhere else on the page never make the browser open them.
 */
export function usePageFileDrop(onFiles: (files: File[]) => void, enabled: boolean) {
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (!enabled) return undefined;
    const onEnter = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const swallow = (event: globalThis.DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', swallow);
    window.addEventListener('drop', swallow);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', swallow);
      window.removeEventListener('drop', swallow);
    };
  }, [enabled]);

  const overlayHandlers = {
    onDragOver: (event: DragEvent<HTMLElement>) => event.preventDefault(),
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(false);
      const files = [...event.dataTransfer.files];
      if (files.length > 0) onFiles(files);
    },
  };
  return { dragging: enabled && dragging, overlayHandlers };
}
