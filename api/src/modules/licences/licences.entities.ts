import { LicenceDownload } from './licence-download.entity';
import { LicenceNotice } from './licence-notice.entity';
import { LicenceOrder } from './licence-order.entity';
import { Licence } from './licence.entity';

export const licencesEntities = [LicenceOrder, Licence, LicenceDownload, LicenceNotice];
