/**
 * What the prompt was read as, in one line under the player ("Read as: trap, dark, 140 BPM"), so a
 * listener learns how to ask; words that were not understood close the line.
 */
export function PromptReadingLine({ summary }: { readonly summary: string }) {
  return (
    <p className="generator__reading" aria-label="How your prompt was read">
      <span className="generator__reading-label">Read as:</span> {summary}
    </p>
  );
}
