import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { paths } from '../../../app/router/paths';
import { Banner } from '../../../ui/banner/Banner';
import { LoadingOverlay } from '../../../ui/loading-overlay/LoadingOverlay';
import { useMe } from '../../account/hooks/use-me';
import { useMyProducer } from '../hooks/use-my-producer';
import { useProducerSignup } from '../hooks/use-producer-signup';
import { useTermOptions } from '../hooks/use-term-options';
import { EMPTY_SIGNUP, MASTERS_INFO_MAX, MIN_PRODUCER_AGE, PRO_OPTIONS, fieldOfServerError, validateSignup, type SignupErrors, type SignupValues } from '../signup-rules';
import { ProducerField } from './ProducerField';
import './Producers.css';

type TextField = Exclude<keyof SignupValues, 'pro' | 'masterRoyaltiesInfo'>;

interface TextFieldSpec {
  readonly key: TextField;
  readonly label: string;
  readonly type: string;
  readonly required: boolean;
  readonly autoComplete?: string;
}

const TEXT_FIELDS: readonly TextFieldSpec[] = [
  { key: 'firstName', label: 'First name', type: 'text', required: true, autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last name', type: 'text', required: true, autoComplete: 'family-name' },
  { key: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'email' },
  { key: 'birthDate', label: 'Birth date', type: 'date', required: true, autoComplete: 'bday' },
  { key: 'producerName', label: 'Producer name', type: 'text', required: true },
];
const PRO_ID_FIELD: TextFieldSpec = { key: 'proId', label: 'PRO ID', type: 'text', required: false };

/**
 * /Producer-Signup (requirements §P2): an existing producer goes to /stripe-connect/success; otherwise the
 * form is checked here (requirements §P5) and again by the api, whose refusal is shown, and the browser
 * then leaves for the payout onboarding the api answers.
 */
export function ProducerSignupForm() {
  const navigate = useNavigate();
  const { data: producerData, loading } = useMyProducer({ fetchPolicy: 'network-only' });
  const { data: me } = useMe();
  const { options } = useTermOptions();
  const { signup, signingUp } = useProducerSignup();
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Fields the user has edited: the account's prefill, which may answer late, never overwrites them.
  const touched = useRef(new Set<keyof SignupValues>());

  const existing = producerData?.myProducer ?? null;
  useEffect(() => {
    if (existing) void navigate(paths.payoutConnected, { replace: true });
  }, [existing, navigate]);

  // What the account already knows, as a start (the user may change it).
  useEffect(() => {
    if (!me?.me) return;
    const known: Partial<SignupValues> = { firstName: me.me.fname ?? '', lastName: me.me.lname ?? '', email: me.me.email ?? '', producerName: me.me.creatorName ?? '' };
    // Prefills empty fields once the account query answers (async data, not derived state).
    setValues((v) => {
      const next = { ...v };
      for (const [key, value] of Object.entries(known) as [keyof SignupValues, string][]) {
        if (!touched.current.has(key) && !v[key]) next[key] = value;
      }
      return next;
    });
  }, [me]);

  if (loading || existing) return <LoadingOverlay />;

  const minimumAge = options?.minimumAge ?? MIN_PRODUCER_AGE;
  const pros = options?.pros ?? PRO_OPTIONS;
  const set = (key: keyof SignupValues) => (value: string) => {
    touched.current.add(key);
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = validateSignup(values, minimumAge);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await signup({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        birthDate: values.birthDate,
        producerName: values.producerName.trim(),
        proPro: values.pro || null,
        proProId: values.proId.trim() || null,
        masterRoyaltiesInfo: values.masterRoyaltiesInfo.trim() || null,
      });
      if (!result.created) return void navigate(paths.payoutConnected, { replace: true });
      setLeaving(true);
      pageNavigation.assign(result.redirect);
    } catch (error) {
      console.error('Producer signup failed.', error);
      const message = graphQLFailure(error)?.message ?? 'Signup failed. Please try again.';
      const field = fieldOfServerError(message);
      if (field) setErrors((e) => ({ ...e, [field]: message }));
      setServerError(message);
    }
  };

  const textField = (field: TextFieldSpec) => (
      <ProducerField key={field.key} id={`signup-${field.key}`} label={field.label} required={field.required} error={errors[field.key]}>
        <input
          id={`signup-${field.key}`}
          type={field.type}
          value={values[field.key]}
          onChange={(e) => set(field.key)(e.target.value)}
          required={field.required}
          autoComplete={field.autoComplete}
          max={field.key === 'birthDate' ? maxBirthDate : undefined}
          aria-invalid={errors[field.key] ? true : undefined}
          aria-describedby={errors[field.key] ? `signup-${field.key}-error` : undefined}
        />
      </ProducerField>
  );

  const busy = signingUp || leaving;
  const maxBirthDate = new Date().toISOString().slice(0, 10);

  return (
    <div className="producer-page producer-page--narrow">
      <header className="producer-page__header">
        <p className="producer-page__eyebrow">Creator Program</p>
        <h1 className="producer-page__title">Producer Registration</h1>
        <p className="producer-page__lead">
          Tell us who you are. Next you set up your payout account, where your share of every licence is paid. You must be at least {minimumAge} years old.
        </p>
      </header>
      <form className="producer-card producer-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Producer registration">
        <div className="producer-form__grid">
          {TEXT_FIELDS.map(textField)}
          <ProducerField id="signup-pro" label="PRO" error={errors.pro}>
            <select id="signup-pro" value={values.pro} onChange={(e) => set('pro')(e.target.value)}>
              <option value="">None</option>
              {pros.map((pro) => (
                <option key={pro} value={pro}>
                  {pro}
                </option>
              ))}
            </select>
          </ProducerField>
          {textField(PRO_ID_FIELD)}
          <ProducerField id="signup-masterRoyaltiesInfo" label="Master royalties info" error={errors.masterRoyaltiesInfo} wide>
            <textarea
              id="signup-masterRoyaltiesInfo"
              rows={3}
              maxLength={MASTERS_INFO_MAX}
              value={values.masterRoyaltiesInfo}
              onChange={(e) => set('masterRoyaltiesInfo')(e.target.value)}
              placeholder="Who collects your master royalties, if anyone (label, distributor)"
            />
          </ProducerField>
        </div>
        {serverError && <Banner tone="error">{serverError}</Banner>}
        <div className="producer-form__footer">
          <p className="producer-form__hint">
            <span aria-hidden="true">*</span> Required. PRO, PRO ID and master royalties info are optional.
          </p>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Signing up...' : 'Sign Up as Producer'}
          </button>
        </div>
      </form>
    </div>
  );
}
