import { useEffect, useId, useState, type ChangeEvent } from 'react';

interface ProfilePictureFieldProps {
  readonly currentUrl: string | null;
  readonly username: string;
  /** The newly chosen picture, saved with the rest of the form; null keeps the current one. */
  readonly file: File | null;
  readonly onChange: (file: File | null) => void;
}

/** Reads a chosen file as a data URL for the preview (no object URL to revoke, and jsdom reads it too). */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}

export function ProfilePictureField({ currentUrl, username, file, onChange }: ProfilePictureFieldProps) {
  const inputId = useId();
  const preview = usePreview(file);
  const shown = preview ?? currentUrl;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(event.target.files?.[0] ?? null);
    // Choosing the same file again after a save must still fire a change.
    event.target.value = '';
  };

  return (
    <div className="profile-picture">
      <div className="profile-picture__frame">
        {shown ? (
          <img src={shown} alt={preview ? 'New profile picture preview' : 'Profile picture'} />
        ) : (
          <span className="profile-picture__initial" aria-hidden="true">
            {username.slice(0, 1).toUpperCase()}
          </span>
        )}
      </div>
      <div className="profile-picture__controls">
        {/* The input is visually hidden but keeps keyboard focus; its label carries the focus ring. */}
        <input
          id={inputId}
          className="visually-hidden profile-picture__input"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={onFile}
        />
        <label htmlFor={inputId} className="button button--secondary profile-picture__choose">
          Change picture
        </label>
        {file && (
          <p className="profile-picture__pending">
            {file.name} will be saved with your changes.{' '}
            <button type="button" className="profile-picture__undo" onClick={() => onChange(null)}>
              Keep current
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
