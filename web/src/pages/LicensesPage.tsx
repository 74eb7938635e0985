import { LicensesTraining } from '../features/info-pages/components/LicensesTraining';

/** /ysm-licenses: AI System Licenses and Training Information */
export function LicensesPage() {
  return <LicensesTraining />;
}
