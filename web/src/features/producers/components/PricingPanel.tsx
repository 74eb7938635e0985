import { useState, type FormEvent } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import type { ProducerFieldsFragment } from '../../../generated/graphql';
import { Banner } from '../../../ui/banner/Banner';
import { PRODUCER_TEXTS, failureText } from '../producer-messages';
import { useProducerSettings } from '../hooks/use-producer-settings';
import { MAX_PRICE_CENTS, PRICE_FIELDS, parsePrices, pricesToValues, type PriceKey, type PriceValues } from '../pricing-rules';
import { ProducerField } from './ProducerField';

interface PricingPanelProps {
  readonly id: string;
  readonly producer: ProducerFieldsFragment;
  readonly maxPriceCents: number | undefined;
}

/** The pricing panel (requirements §P2): the four licence prices in US dollars, checked here and by the api. */
export function PricingPanel({ id, producer, maxPriceCents = MAX_PRICE_CENTS }: PricingPanelProps) {
  const { savePricing, savingPricing } = useProducerSettings();
  const [values, setValues] = useState<PriceValues>(() => pricesToValues(producer.pricing));
  const [errors, setErrors] = useState<Partial<Record<PriceKey, string>>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const parsed = parsePrices(values, maxPriceCents);
    if (parsed.errors) {
      setErrors(parsed.errors);
      setResult({ ok: false, text: PRODUCER_TEXTS.pricingFailed });
      return;
    }
    setErrors({});
    try {
      const message = await savePricing(parsed.cents);
      setValues(pricesToValues(parsed.cents));
      setResult({ ok: true, text: message || PRODUCER_TEXTS.pricingSaved });
    } catch (error) {
      console.error('Failed to save the prices.', error);
      setResult({ ok: false, text: failureText(PRODUCER_TEXTS.pricingFailed, graphQLFailure(error)?.message) });
    }
  };

  return (
    <form id={id} className="producer-card setup-panel" onSubmit={(e) => void submit(e)} noValidate aria-label="Pricing">
      <div className="setup-panel__intro">
        <h2 className="setup-panel__title">Pricing</h2>
        <p className="setup-panel__text">What each licence of a beat built on your sounds costs, in US dollars (more than $0, at most ${(maxPriceCents / 100).toLocaleString('en-US')}).</p>
      </div>
      <div className="producer-form__grid">
        {PRICE_FIELDS.map((field) => (
          <ProducerField key={field.key} id={`price-${field.key}`} label={`${field.label} (USD)`} error={errors[field.key]}>
            <div className="price-input">
              <span className="price-input__currency" aria-hidden="true">
                $
              </span>
              <input
                id={`price-${field.key}`}
                name={field.key}
                type="text"
                inputMode="decimal"
                value={values[field.key]}
                onChange={(e) => {
                  const value = e.target.value;
                  setValues((v) => ({ ...v, [field.key]: value }));
                  setErrors((current) => ({ ...current, [field.key]: undefined }));
                }}
                aria-invalid={errors[field.key] ? true : undefined}
                aria-describedby={errors[field.key] ? `price-${field.key}-error` : undefined}
              />
            </div>
          </ProducerField>
        ))}
      </div>
      <div className="setup-panel__footer">
        {result && (
          <Banner tone={result.ok ? 'success' : 'error'} onDismiss={() => setResult(null)}>
            {result.text}
          </Banner>
        )}
        <button type="submit" className="button button--primary" disabled={savingPricing}>
          {savingPricing ? 'Saving...' : 'Save Pricing'}
        </button>
      </div>
    </form>
  );
}
