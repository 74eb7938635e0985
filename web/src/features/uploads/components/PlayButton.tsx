/** The play/pause toggle of a file preview. */
export function PlayButton({ playing, name, onClick }: { readonly playing: boolean; readonly name: string; readonly onClick: () => void }) {
  return (
    <button
      type="button"
      className={`play-button${playing ? ' is-playing' : ''}`}
      aria-label={`${playing ? 'Pause' : 'Play'} ${name}`}
      aria-pressed={playing}
      onClick={onClick}
    >
      {playing ? (
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <rect x="2.5" y="2" width="3.2" height="10" rx="1" fill="currentColor" />
          <rect x="8.3" y="2" width="3.2" height="10" rx="1" fill="currentColor" />
        </svg>
      ) : (
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <path d="M3.5 2.2v9.6a.6.6 0 0 0 .9.5l7.6-4.8a.6.6 0 0 0 0-1L4.4 1.7a.6.6 0 0 0-.9.5Z" fill="currentColor" />
        </svg>
      )}
    </button>
  );
}
