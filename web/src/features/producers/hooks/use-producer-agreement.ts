import { useCallback, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { ProducerAgreementDocument } from '../../../generated/graphql';
import { saveFile } from '../../player/download-beat';
import { PRODUCER_TEXTS } from '../producer-messages';

function pdfBlob(base64: string, contentType: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: contentType });
}

/**
 * GET /producer-agreement as a query: the PDF, made fresh with the producer's current terms
 * (never from the cache), saved on the client. Answers the spec's success or failure text.
 */
export function useProducerAgreement(save: typeof saveFile = saveFile) {
  const client = useApolloClient();
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async (): Promise<{ ok: boolean; text: string }> => {
    setDownloading(true);
    try {
      const { data } = await client.query({ query: ProducerAgreementDocument, fetchPolicy: 'no-cache' });
      const file = data?.producerAgreement;
      if (!file) throw new Error('No agreement in the answer.');
      save(pdfBlob(file.contentBase64, file.contentType || 'application/pdf'), file.fileName.endsWith('.pdf') ? file.fileName : `${file.fileName}.pdf`);
      return { ok: true, text: PRODUCER_TEXTS.agreementDownloaded };
    } catch (error) {
      console.error('Failed to download the producer agreement.', error);
      return { ok: false, text: PRODUCER_TEXTS.agreementFailed };
    } finally {
      setDownloading(false);
    }
  }, [client, save]);
  return { download, downloading };
}
