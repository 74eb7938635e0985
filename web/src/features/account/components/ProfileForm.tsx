import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import type { MeQuery } from '../../../generated/graphql';
import { Banner } from '../../../ui/banner/Banner';
import { COUNTRIES } from '../countries';
import { USER_TYPES } from '../user-types';
import { useUpdateProfile } from '../hooks/use-update-profile';
import { ProfilePictureField } from './ProfilePictureField';

type Profile = MeQuery['me'];

/** Requirements §L8: what a successful save says. */
export const PROFILE_SAVED = 'Profile updated successfully.';

interface EditableFields {
  userType: string;
  creatorName: string;
  fname: string;
  lname: string;
  country: string;
}

function editableFields(user: Profile): EditableFields {
  return { userType: user.userType ?? '', creatorName: user.creatorName ?? '', fname: user.fname ?? '', lname: user.lname ?? '', country: user.country ?? '' };
}

interface Message {
  readonly tone: 'success' | 'error';
  readonly text: string;
  /** Restarts the banner's timers when the same text shows again. */
  readonly serial: number;
}

interface ProfileFormProps {
  readonly user: Profile;
  readonly onUnauthenticated: (error: unknown) => void;
}

export function ProfileForm({ user, onUnauthenticated }: ProfileFormProps) {
  const [fields, setFields] = useState<EditableFields>(() => editableFields(user));
  const [image, setImage] = useState<File | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [updateProfile, { loading: saving }] = useUpdateProfile();
  const ids = { userType: useId(), creatorName: useId(), fname: useId(), lname: useId(), country: useId() };

  const edit = (name: keyof EditableFields) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const show = (tone: Message['tone'], text: string) => setMessage((current) => ({ tone, text, serial: (current?.serial ?? 0) + 1 }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    try {
      // Empty strings clear a field; the api trims and checks the country against its list.
      const result = await updateProfile(
        { userType: fields.userType, creatorName: fields.creatorName.trim(), fname: fields.fname.trim(), lname: fields.lname.trim(), country: fields.country },
        image,
      );
      if (result.data) setFields(editableFields(result.data.updateProfile));
      setImage(null);
      show('success', PROFILE_SAVED);
    } catch (error) {
      const failure = graphQLFailure(error);
      if (failure?.code === 'BAD_USER_INPUT') show('error', failure.message);
      else if (failure?.code === 'UNAUTHENTICATED') onUnauthenticated(error);
      // Requirements §L8: other profile failures are only logged.
      else console.error('Failed to update the profile.', error);
    }
  };

  return (
    <form className="account-card profile-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="profile-form__identity">
        <ProfilePictureField currentUrl={user.imageUrl} username={user.username} file={image} onChange={setImage} />
        <dl className="profile-form__facts">
          <div>
            <dt>Username</dt>
            <dd>{user.username}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Subscription type</dt>
            <dd>
              <span className="profile-form__plan">{user.subscriptionType}</span>
            </dd>
          </div>
        </dl>
      </div>

      <fieldset className="profile-form__fields" disabled={saving}>
        <legend className="profile-form__legend">Profile details</legend>
        <div className="field field--wide">
          <label htmlFor={ids.userType}>User type</label>
          <select id={ids.userType} value={fields.userType} onChange={edit('userType')}>
            <option value="">Select what you are</option>
            {USER_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
            {/* A value saved before the list existed stays selectable, so saving does not lose it. */}
            {fields.userType && !USER_TYPES.some((type) => type.value === fields.userType) && <option value={fields.userType}>{fields.userType}</option>}
          </select>
        </div>
        <div className="field field--wide">
          <label htmlFor={ids.creatorName}>Artist/Producer name</label>
          <input id={ids.creatorName} type="text" autoComplete="nickname" value={fields.creatorName} onChange={edit('creatorName')} />
        </div>
        <div className="field">
          <label htmlFor={ids.fname}>First name</label>
          <input id={ids.fname} type="text" autoComplete="given-name" value={fields.fname} onChange={edit('fname')} />
        </div>
        <div className="field">
          <label htmlFor={ids.lname}>Last name</label>
          <input id={ids.lname} type="text" autoComplete="family-name" value={fields.lname} onChange={edit('lname')} />
        </div>
        <div className="field field--wide">
          <label htmlFor={ids.country}>Country</label>
          <select id={ids.country} autoComplete="country-name" value={fields.country} onChange={edit('country')}>
            <option value="">Select a country</option>
            {COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
        </div>
      </fieldset>

      <div className="profile-form__footer">
        <div className="profile-form__message">
          {message && (
            <Banner key={message.serial} tone={message.tone} autoHide onDismiss={() => setMessage(null)}>
              {message.text}
            </Banner>
          )}
        </div>
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
          Save Changes
        </button>
      </div>
    </form>
  );
}
