import type { ReactNode } from 'react';
import { useMyProducer } from '../hooks/use-my-producer';
import { NotAProducer } from './NotAProducer';

/**
 * Upload pages are for producers: a signed-in user who is not one is told so and pointed to
 * /choice. While the check runs, or if it fails, the form shows (the api refuses non-producers'
 * uploads anyway, and the page shows that refusal).
 */
export function ProducerGate({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const { data } = useMyProducer();
  if (data && data.myProducer === null) return <NotAProducer title={title} headingLevel={2} />;
  return <>{children}</>;
}
