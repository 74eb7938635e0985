import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { addTag, addTags } from '../melody-form-rules';

interface TagInputProps {
  readonly id?: string;
  /** The accessible name of the text box; the tags' remove buttons name their tag. */
  readonly label: string;
  readonly tags: readonly string[];
  readonly onChange: (tags: string[]) => void;
  readonly placeholder?: string;
  readonly describedBy?: string;
  readonly compact?: boolean;
  readonly disabled?: boolean;
}

/**
 * A tag list (requirements §P2): Enter or a comma adds the typed tag, × removes one. Tags are trimmed,
 * a trailing comma dropped, empty and duplicate tags ignored (requirements §P5); a pasted
 * "a, b, c" adds each, and text left in the box when it loses focus is added too.
 */
export function TagInput({ id, label, tags, onChange, placeholder, describedBy, compact = false, disabled = false }: TagInputProps) {
  const [text, setText] = useState('');

  const commit = (raw: string) => {
    const next = addTags(tags, raw);
    if (next.length !== tags.length) onChange(next);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter must not submit the form; the comma is a separator, not part of the tag.
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  const onTextChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    if (!value.includes(',')) return setText(value);
    // Pasted text with commas: every complete part becomes a tag, the rest stays to be typed on.
    const parts = value.split(',');
    const rest = parts.pop() ?? '';
    const next = parts.reduce<string[]>(addTag, [...tags]);
    if (next.length !== tags.length) onChange(next);
    setText(rest.trimStart());
  };

  return (
    <div className={`tag-input${compact ? ' tag-input--compact' : ''}${disabled ? ' is-disabled' : ''}`}>
      {tags.length > 0 && (
        <ul className="tag-input__tags" aria-label={`${label} added`}>
          {tags.map((tag) => (
            <li key={tag} className="tag-input__tag">
              <span className="tag-input__text">{tag}</span>
              <button
                type="button"
                className="tag-input__remove"
                aria-label={`Remove ${tag}`}
                disabled={disabled}
                onClick={() => onChange(tags.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        className="tag-input__field"
        aria-label={id ? undefined : label}
        aria-describedby={describedBy}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        enterKeyHint="enter"
        autoComplete="off"
        onChange={onTextChange}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text.trim() !== '') commit(text);
        }}
      />
    </div>
  );
}
