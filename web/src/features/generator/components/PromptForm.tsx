import { useId, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useRotatingPlaceholder } from '../hooks/use-rotating-placeholder';

/** The api refuses longer prompts (beats.service MAX_PROMPT_LENGTH). */
export const MAX_PROMPT_LENGTH = 500;

interface PromptFormProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onSubmit: () => void;
  readonly loading: boolean;
}

/**
 * The prompt (requirements §L2): a text area that grows with its text, a placeholder rotating through the
 * hints, Enter submits unless loading (Shift+Enter adds a line), Generate is disabled while loading.
 */
export function PromptForm({ value, onChange, onSubmit, loading }: PromptFormProps) {
  const placeholder = useRotatingPlaceholder();
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();

  // Grow (and shrink) to the text: reset, then take the content's height.
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    area.style.height = 'auto';
    area.style.height = `${area.scrollHeight}px`;
  }, [value]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (loading) return;
    onSubmit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className="prompt-form" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={inputId}>
        Describe your beat
      </label>
      <textarea
        ref={areaRef}
        id={inputId}
        className="prompt-form__input"
        rows={1}
        value={value}
        placeholder={placeholder}
        maxLength={MAX_PROMPT_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button button--primary button--large prompt-form__submit" disabled={loading}>
        Generate
      </button>
    </form>
  );
}
