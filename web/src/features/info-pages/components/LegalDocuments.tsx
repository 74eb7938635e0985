import { Link, useSearchParams } from 'react-router-dom';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { paths } from '../../../app/router/paths';
import { Tabs } from '../../../ui/tabs/Tabs';
import { usePaymentsCopy } from '../../billing/payments-copy';
import { InfoPage, InfoSection } from './InfoPage';

export const LEGAL_LAST_UPDATED = 'November 22, 2026';

function TermsAndConditions({ productName, supportEmail }: { readonly productName: string; readonly supportEmail: string }) {
  const paymentsCopy = usePaymentsCopy();
  return (
    <div className="legal-document">
      <p className="legal-document__updated">Last updated: {LEGAL_LAST_UPDATED}</p>
      <InfoSection id="terms-agreement" title="1. Agreement">
        <p>
          These terms govern your use of {productName}&apos;s website, beat generator, licensing storefront and Creator Program
          (together, the &quot;Service&quot;). By creating an account or using the Service you agree to them. If you use the
          Service for a company, you agree on its behalf.
        </p>
      </InfoSection>
      <InfoSection id="terms-accounts" title="2. Accounts">
        <p>
          You must give accurate information, keep your login safe and tell us about any unauthorised use. You are responsible
          for what happens under your account. Producers must be at least 18 years old to join the Creator Program.
        </p>
      </InfoSection>
      <InfoSection id="terms-plans" title="3. Plans, tokens and payments">
        <ul>
          <li>Generating a beat, regenerating it and making a full beat each use one token. Edits of your beats are free.</li>
          <li>Tokens refresh at the start of each billing cycle; unused tokens do not carry over.</li>
          <li>
            Paid plans renew monthly until cancelled. A plan you buy starts at once, with its own billing cycle; the plan it
            replaces stops renewing.
          </li>
          <li>
            You can cancel at any time from My Account. Your account moves to Free at once; the paid period is not refunded and
            is not charged again.
          </li>
          <li>
            30-day money-back guarantee: within 30 days of a subscription payment you can ask for a refund of it on My Account. If
            we approve it, the payment is refunded in full and the plan it paid for stops renewing; we email you either way.
          </li>
          <li>{paymentsCopy.termsPayments}</li>
        </ul>
      </InfoSection>
      <InfoSection id="terms-beats" title="4. Generated beats and licences">
        <p>
          Beats are built from loops that producers own. Generating a beat gives you a free download for personal listening
          only. Any public use (streaming, selling, performing, broadcasting or synchronising it with video) needs a licence
          bought through the Service, on the terms written in that licence. Exclusive licences withdraw the beat from further
          sale. See <Link to={paths.rightsUsage}>Rights and Usage</Link> for the licence types.
        </p>
      </InfoSection>
      <InfoSection id="terms-creators" title="5. Contributions from producers">
        <ul>
          <li>You may only upload material you created or hold all necessary rights to, free of uncleared samples.</li>
          <li>
            You keep ownership of your uploads and grant {productName} a non-exclusive licence to store, analyse, use them in
            generated beats, train its models and offer licences for those beats on the terms you set.
          </li>
          <li>
            You earn 90% of the licensing fees attributed to your material after payment processing fees, paid out to your
            connected payout account.
          </li>
          <li>You can delete or modify your uploads; licences already granted to customers remain valid.</li>
        </ul>
      </InfoSection>
      <InfoSection id="terms-conduct" title="6. Acceptable use">
        <p>
          Do not upload unlawful, infringing or harmful content, try to break or overload the Service, scrape it, resell access
          to it, or use it to build a competing dataset. We may suspend accounts that do.
        </p>
      </InfoSection>
      <InfoSection id="terms-liability" title="7. Warranties and liability">
        <p>
          The Service is provided as is. To the extent the law allows, {productName} is not liable for indirect or
          consequential losses, and our total liability is limited to the amount you paid us in the twelve months before the
          claim.
        </p>
      </InfoSection>
      <InfoSection id="terms-changes" title="8. Changes and contact">
        <p>
          We may update these terms; we will tell you by email or in the app before material changes take effect. These terms
          are governed by the laws of the State of California. Questions: write to us on the <Link to={paths.contact}>contact page</Link>{' '}
          or at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </InfoSection>
    </div>
  );
}

function PrivacyPolicy({ productName, supportEmail }: { readonly productName: string; readonly supportEmail: string }) {
  const paymentsCopy = usePaymentsCopy();
  return (
    <div className="legal-document">
      <p className="legal-document__updated">Last updated: {LEGAL_LAST_UPDATED}</p>
      <InfoSection id="privacy-collect" title="1. What we collect">
        <ul>
          <li>
            <strong>Account data:</strong> email, username, and the profile details you choose to add (artist or producer name,
            first and last name, country, profile picture).
          </li>
          <li>
            <strong>What you create:</strong> your prompts, the beats generated for you, and your edits.
          </li>
          <li>
            <strong>Producers:</strong> the details needed for contracts and payouts (name, birth date, PRO and PRO ID) and the
            samples you upload with their metadata.
          </li>
          <li>
            <strong>Payments:</strong> {paymentsCopy.privacyPayments}
          </li>
        </ul>
      </InfoSection>
      <InfoSection id="privacy-use" title="2. How we use it">
        <p>
          To run your account, generate and deliver beats, credit and pay producers, process subscriptions and licences, keep
          the Service secure, and answer you when you contact us. We do not sell personal data and we do not use it to train
          models.
        </p>
      </InfoSection>
      <InfoSection id="privacy-share" title="3. Who we share it with">
        <p>
          Only the service providers that run parts of the Service for us (hosting, payments, email), under contracts that
          limit their use of it, and authorities where the law requires. A producer&apos;s public name appears on the beats that
          use their samples. Nothing else is shared with third parties unless you opt in.
        </p>
      </InfoSection>
      <InfoSection id="privacy-keep" title="4. How long we keep it">
        <p>
          For as long as your account is open, and afterwards only as long as tax, accounting and licensing records require.
          Licence and attribution records are kept so licences you or your customers bought stay verifiable.
        </p>
      </InfoSection>
      <InfoSection id="privacy-rights" title="5. Your rights">
        <p>
          You can see and correct your profile in My Account at any time, and ask us for a copy of your data, its deletion, or
          that we stop a particular use of it, including under the CCPA and the GDPR where they apply. Write to us on the{' '}
          <Link to={`${paths.contact}?topic=privacy`}>contact page</Link> (topic: Privacy and my data) or at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>; we answer within 30 days.
        </p>
      </InfoSection>
      <InfoSection id="privacy-cookies" title="6. Cookies and storage">
        <p>
          {productName} uses only what keeps you signed in: a session cookie of our sign-in service and your session in the
          browser&apos;s storage. There are no advertising or cross-site tracking cookies.
        </p>
      </InfoSection>
      <InfoSection id="privacy-security" title="7. Security">
        <p>
          Passwords are stored as salted hashes, traffic is encrypted in transit, and files are served through short-lived
          signed links. If a breach ever affects your data, we will tell you without undue delay.
        </p>
      </InfoSection>
    </div>
  );
}

const TABS = ['terms', 'privacy'] as const;
type LegalTab = (typeof TABS)[number];

/** /terms-conditions: tabs Terms & Conditions (the default) and Privacy Policy; `?tab=privacy` opens the second. */
export function LegalDocuments() {
  const { productName, supportEmail } = useRuntimeConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const selected: LegalTab = TABS.includes(requested as LegalTab) ? (requested as LegalTab) : 'terms';
  const select = (id: string) => setSearchParams(id === 'terms' ? {} : { tab: id }, { replace: true });

  return (
    <InfoPage
      eyebrow="Legal"
      title="Terms and Privacy"
      lead={<p>The rules for using {productName}, and how we look after your data. Plain words, no surprises.</p>}
    >
      <Tabs
        label="Legal documents"
        selected={selected}
        onSelect={select}
        tabs={[
          { id: 'terms', label: 'Terms & Conditions', content: <TermsAndConditions productName={productName} supportEmail={supportEmail} /> },
          { id: 'privacy', label: 'Privacy Policy', content: <PrivacyPolicy productName={productName} supportEmail={supportEmail} /> },
        ]}
      />
    </InfoPage>
  );
}
