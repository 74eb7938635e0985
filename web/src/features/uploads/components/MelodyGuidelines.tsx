/** The dismissible guidelines box of the melody page (requirements §P2). */
export function MelodyGuidelines({ onDismiss }: { readonly onDismiss: () => void }) {
  return (
    <section className="guidelines" aria-labelledby="melody-guidelines-title">
      <div className="guidelines__header">
        <h2 id="melody-guidelines-title" className="guidelines__title">
          Upload Guidelines
        </h2>
        <button type="button" className="guidelines__close" aria-label="Dismiss guidelines" onClick={onDismiss}>
          ×
        </button>
      </div>
      <div className="guidelines__columns">
        <div>
          <h3 className="guidelines__heading guidelines__heading--yes">Accepted</h3>
          <ul className="guidelines__list">
            <li>Melody stems from compositions</li>
            <li>Short melodic loops</li>
            <li>Individual instrument melodies</li>
            <li>Stems from an MP3 loop sample</li>
          </ul>
        </div>
        <div>
          <h3 className="guidelines__heading guidelines__heading--no">Not accepted</h3>
          <ul className="guidelines__list">
            <li>Full beats or songs</li>
            <li>Drum loops</li>
            <li>Vocal recordings</li>
            <li>MP3 sample loops</li>
          </ul>
        </div>
      </div>
      <p className="guidelines__note">Each upload is one composition: put all the stems of one composition in one upload.</p>
    </section>
  );
}
