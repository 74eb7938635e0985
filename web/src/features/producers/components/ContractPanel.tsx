import { useState, type FormEvent } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import type { ExclusiveTermsInput, LeaseTermsInput, ProducerFieldsFragment } from '../../../generated/graphql';
import { Banner } from '../../../ui/banner/Banner';
import { LEASE_FIELDS, TERM_SETS, contractToValues, formatOption, type ContractValues, type TermOptions, type TermSetKey } from '../contract-form';
import { useProducerSettings } from '../hooks/use-producer-settings';
import { PRODUCER_TEXTS, failureText } from '../producer-messages';
import { CommentsModal } from './CommentsModal';

interface ContractPanelProps {
  readonly id: string;
  readonly producer: ProducerFieldsFragment;
  readonly options: TermOptions;
}

/** A select of one term, its options from the api; a stored value missing from the list still shows. */
function TermSelect({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: readonly string[]; onChange: (value: string) => void }) {
  const list = options.includes(value) ? options : [value, ...options];
  return (
    <div className="producer-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {list.map((option) => (
          <option key={option} value={option}>
            {formatOption(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A term set's comments as text (never HTML), and the button that opens its popup. */
function CommentsSummary({ id, title, text, onEdit }: { id: string; title: string; text: string; onEdit: () => void }) {
  return (
    <div className="terms-comments">
      <div className="terms-comments__header">
        <span className="terms-comments__label" id={`${id}-comments-label`}>
          Additional comments
        </span>
        {/* The accessible name starts with the visible words (axe: label-content-name-mismatch), then says which tier. */}
        <button type="button" className="button button--ghost button--small" onClick={onEdit} aria-label={`${text ? 'Edit Comments' : 'Add Comments'}: ${title}`}>
          {text ? 'Edit Comments' : 'Add Comments'}
        </button>
      </div>
      <p className={`terms-comments__text${text ? '' : ' is-empty'}`} aria-labelledby={`${id}-comments-label`}>
        {text || 'No additional comments.'}
      </p>
    </div>
  );
}

/**
 * The contract panel (requirements §P2): standard and advanced lease terms, and whether exclusives are
 * sold to labels and to independents, each with a popup for additional comments.
 */
export function ContractPanel({ id, producer, options }: ContractPanelProps) {
  const { saveContract, savingContract } = useProducerSettings();
  const [values, setValues] = useState<ContractValues>(() => contractToValues(producer.contract));
  const [editing, setEditing] = useState<TermSetKey | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const setLease = (set: 'standleaseTerms' | 'advancedleaseTerms', patch: Partial<LeaseTermsInput>) =>
    setValues((v) => ({ ...v, [set]: { ...v[set], ...patch } }));
  const setExclusive = (set: 'exclabelTerms' | 'excindieTerms', patch: Partial<ExclusiveTermsInput>) =>
    setValues((v) => ({ ...v, [set]: { ...v[set], ...patch } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    try {
      const message = await saveContract(values);
      setResult({ ok: true, text: message || PRODUCER_TEXTS.contractSaved });
    } catch (error) {
      console.error('Failed to save the contract terms.', error);
      setResult({ ok: false, text: failureText(PRODUCER_TEXTS.contractFailed, graphQLFailure(error)?.message) });
    }
  };

  const editingSet = TERM_SETS.find((set) => set.key === editing) ?? null;

  return (
    <form id={id} className="producer-card setup-panel" onSubmit={(e) => void submit(e)} aria-label="Contract Terms">
      <div className="setup-panel__intro">
        <h2 className="setup-panel__title">Contract Terms</h2>
        <p className="setup-panel__text">What a buyer of each licence may do with a beat built on your sounds. The producer agreement lists these terms.</p>
      </div>
      {TERM_SETS.map((set) => (
        <fieldset key={set.key} className="terms-set">
          <legend className="terms-set__title">{set.title}</legend>
          {set.kind === 'lease' ? (
            <div className="terms-set__grid">
              {LEASE_FIELDS.map((field) => (
                <TermSelect
                  key={field.key}
                  id={`${set.spec}-${field.spec}`}
                  label={field.label}
                  value={values[set.key][field.key]}
                  options={options[field.options]}
                  onChange={(value) => setLease(set.key, { [field.key]: value })}
                />
              ))}
            </div>
          ) : (
            <div className="terms-set__grid">
              <TermSelect
                id={`${set.spec}-sell_exclusives`}
                label="Sell exclusives"
                value={values[set.key].sellExclusives}
                options={options.yesNo}
                onChange={(value) => setExclusive(set.key, { sellExclusives: value })}
              />
            </div>
          )}
          <CommentsSummary id={set.spec} title={set.title} text={values[set.key].additionalComments ?? ''} onEdit={() => setEditing(set.key)} />
        </fieldset>
      ))}
      <div className="setup-panel__footer">
        {result && (
          <Banner tone={result.ok ? 'success' : 'error'} onDismiss={() => setResult(null)}>
            {result.text}
          </Banner>
        )}
        <button type="submit" className="button button--primary" disabled={savingContract}>
          {savingContract ? 'Saving...' : 'Save Contracts'}
        </button>
      </div>
      <CommentsModal
        open={editingSet !== null}
        title={editingSet?.title ?? ''}
        value={editingSet ? (values[editingSet.key].additionalComments ?? '') : ''}
        maxLength={options.additionalCommentsMaxLength}
        onClose={() => setEditing(null)}
        onSave={(text) => {
          if (editingSet) setValues((v) => ({ ...v, [editingSet.key]: { ...v[editingSet.key], additionalComments: text } }));
          setEditing(null);
        }}
      />
    </form>
  );
}
