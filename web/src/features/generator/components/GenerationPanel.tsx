/** The five stages a job reports, in order (requirements §L4); the messages themselves come from the api. */
export const STAGE_COUNT = 5;

interface GenerationPanelProps {
  /** 0 before the first stage, then 1 to 5. */
  readonly stage: number;
  /** The api's message for the current stage (null while the job waits for a free worker). */
  readonly message: string | null;
}

/** Requirements §L2: while loading, the Generating Your Beat panel with the current step message. */
export function GenerationPanel({ stage, message }: GenerationPanelProps) {
  return (
    <section className="generation-panel" aria-labelledby="generation-panel-title" aria-busy="true">
      <div className="generation-panel__bars" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
        <span />
      </div>
      <h2 className="generation-panel__title" id="generation-panel-title">
        Generating Your Beat
      </h2>
      <p className="generation-panel__wait">Please wait while we craft your unique sound...</p>
      <p className="generation-panel__step" role="status" aria-live="polite" data-testid="generation-step">
        {message ?? ''}
      </p>
      <ol className="generation-panel__stages" aria-label={`Step ${Math.max(stage, 0)} of ${STAGE_COUNT}`}>
        {Array.from({ length: STAGE_COUNT }, (_, i) => (
          <li
            key={i}
            className={`generation-panel__stage${i + 1 < stage ? ' is-done' : i + 1 === stage ? ' is-current' : ''}`}
          />
        ))}
      </ol>
    </section>
  );
}
