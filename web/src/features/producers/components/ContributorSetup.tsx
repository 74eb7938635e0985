import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { Banner } from '../../../ui/banner/Banner';
import { LoadingOverlay } from '../../../ui/loading-overlay/LoadingOverlay';
import { useMyProducer } from '../hooks/use-my-producer';
import { usePayoutDashboard } from '../hooks/use-payout-dashboard';
import { useProducerAgreement } from '../hooks/use-producer-agreement';
import { useTermOptions } from '../hooks/use-term-options';
import { AccountSettingsModal } from './AccountSettingsModal';
import { ContractPanel } from './ContractPanel';
import { MyEarnings } from './MyEarnings';
// The charts (recharts) load in a chunk of their own, after the rest of the page.
const EarningsCharts = lazy(() => import('./EarningsCharts').then((m) => ({ default: m.EarningsCharts })));
import { MyUploads } from './MyUploads';
import { NotAProducer } from './NotAProducer';
import { PricingPanel } from './PricingPanel';
import './Producers.css';

type Panel = 'pricing' | 'contract';

const PANELS: ReadonlyArray<{ key: Panel; label: string; text: string }> = [
  { key: 'pricing', label: 'Pricing', text: 'Prices of the four licences' },
  { key: 'contract', label: 'Contract Terms', text: 'What each licence allows' },
];

/**
 * /contributor-setup (requirements §P2): pricing and contract panels (opening one closes the other),
 * account settings, the producer agreement, the payout dashboard, upload links, My earnings and My uploads.
 */
export function ContributorSetup() {
  const { data, loading, error, refetch } = useMyProducer({ fetchPolicy: 'network-only' });
  const { options } = useTermOptions();
  const { download, downloading } = useProducerAgreement();
  const { openDashboard, opening } = usePayoutDashboard();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string; id: number } | null>(null);

  if (!data) {
    if (loading || !error) return <LoadingOverlay />;
    return (
      <section className="producer-page producer-page--narrow">
        <h1 className="producer-page__title">Contributor Setup</h1>
        <p className="producer-page__lead">Your producer settings could not be loaded.</p>
        <button type="button" className="button button--primary" onClick={() => void refetch().catch(() => undefined)}>
          Try again
        </button>
      </section>
    );
  }
  const producer = data.myProducer;
  if (!producer) return <NotAProducer title="Contributor Setup" />;

  const downloadAgreement = async () => {
    const result = await download();
    setNotice({ ...result, id: Date.now() });
  };

  return (
    <div className="producer-page">
      <header className="producer-page__header producer-page__header--row">
        <div>
          <p className="producer-page__eyebrow">Contributor</p>
          <h1 className="producer-page__title">Contributor Setup</h1>
          <p className="producer-page__lead">
            Welcome, <strong>{producer.producerName}</strong>. Set your prices and licence terms, and manage your account and uploads.
          </p>
        </div>
        <nav className="setup-uploads" aria-label="Uploads">
          <Link className="button button--primary" to={paths.uploadSamples}>
            Upload Melodies
          </Link>
          <Link className="button button--primary" to={paths.uploadDrums}>
            Upload Drums
          </Link>
        </nav>
      </header>

      <section className="producer-card setup-actions" aria-label="Account and payouts">
        <button type="button" className="button button--secondary" onClick={() => setSettingsOpen(true)}>
          Account Settings
        </button>
        <button type="button" className="button button--secondary" onClick={() => void downloadAgreement()} disabled={downloading}>
          {downloading ? 'Preparing PDF...' : 'Download Producer Agreement'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void openDashboard()} disabled={opening}>
          Payout Dashboard
        </button>
        {notice && (
          <div className="setup-actions__notice">
            <Banner key={notice.id} tone={notice.ok ? 'success' : 'error'} onDismiss={() => setNotice(null)}>
              {notice.text}
            </Banner>
          </div>
        )}
      </section>

      <div className="setup-toggles" role="group" aria-label="Settings panels">
        {PANELS.map((item) => (
          <button
            key={item.key}
            type="button"
            className={`setup-toggle${panel === item.key ? ' is-open' : ''}`}
            aria-expanded={panel === item.key}
            aria-controls={`panel-${item.key}`}
            onClick={() => setPanel((open) => (open === item.key ? null : item.key))}
          >
            <span className="setup-toggle__label">{item.label}</span>
            <span className="setup-toggle__text">{item.text}</span>
          </button>
        ))}
      </div>
      {panel === 'pricing' && <PricingPanel id="panel-pricing" producer={producer} maxPriceCents={options?.maxPriceCents} />}
      {panel === 'contract' &&
        (options ? (
          <ContractPanel id="panel-contract" producer={producer} options={options} />
        ) : (
          <p id="panel-contract" className="producer-card" role="status">
            Loading the contract options...
          </p>
        ))}

      <MyEarnings />
      <Suspense fallback={<p role="status">Loading your charts...</p>}>
        <EarningsCharts />
      </Suspense>
      <MyUploads />
      <AccountSettingsModal open={settingsOpen} producer={producer} pros={options?.pros} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
