import { useRuntimeConfig } from '../app/config/RuntimeConfigProvider';
import { InfoPage } from '../features/info-pages/components/InfoPage';
import { ContactForm } from '../features/support/components/ContactForm';

/** /contact: write to support, signed in or not (issue 30). */
export function ContactPage() {
  const { productName, supportEmail } = useRuntimeConfig();
  return (
    <InfoPage
      eyebrow="Support"
      title="Contact support"
      lead={
        <p>
          Ask us anything about {productName}: your account, a payment, a licence, an upload. We answer by email, and you get a
          confirmation with your reference at once. Messages from Enterprise members come first in our inbox, then those from
          Premium members. Our address is <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      }
    >
      <ContactForm />
    </InfoPage>
  );
}
