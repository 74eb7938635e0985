import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122112816 } from './Migration20261122112816';
import { Migration20261122120000_oidc } from './Migration20261122120000_oidc';
import { Migration20261122145108 } from './Migration20261122145108';
import { Migration20261122152214 } from './Migration20261122152214';
import { Migration20261122162208 } from './Migration20261122162208';
import { Migration20261122164426 } from './Migration20261122164426';
import { Migration20261125021938 } from './Migration20261125021938';
import { Migration20261125143426 } from './Migration20261125143426';
import { Migration20261125144115 } from './Migration20261125144115';
import { Migration20261125145052 } from './Migration20261125145052';
import { Migration20261125175536 } from './Migration20261125175536';
import { Migration20261125180856 } from './Migration20261125180856';
import { Migration20261125182435 } from './Migration20261125182435';
import { Migration20261125183220 } from './Migration20261125183220';
import { Migration20261125191623 } from './Migration20261125191623';
import { Migration20261125205625 } from './Migration20261125205625';
import { Migration20261126035414 } from './Migration20261126035414';
import { Migration20261127180909 } from './Migration20261127180909';
import { Migration20261127193616 } from './Migration20261127193616';
import { Migration20261127230111 } from './Migration20261127230111';
import { Migration20261127231206 } from './Migration20261127231206';

import { Migration20261127231146 } from './Migration20261127231146';

import { Migration20261127230628 } from './Migration20261127230628';

/** Every migration in the order it runs (written by `npm run migrations:create -w api`). */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122112816', class: Migration20261122112816 },
  { name: 'Migration20261122120000_oidc', class: Migration20261122120000_oidc },
  { name: 'Migration20261122145108', class: Migration20261122145108 },
  { name: 'Migration20261122152214', class: Migration20261122152214 },
  { name: 'Migration20261122162208', class: Migration20261122162208 },
  { name: 'Migration20261122164426', class: Migration20261122164426 },
  { name: 'Migration20261125021938', class: Migration20261125021938 },
  { name: 'Migration20261125143426', class: Migration20261125143426 },
  { name: 'Migration20261125144115', class: Migration20261125144115 },
  { name: 'Migration20261125145052', class: Migration20261125145052 },
  { name: 'Migration20261125175536', class: Migration20261125175536 },
  { name: 'Migration20261125180856', class: Migration20261125180856 },
  { name: 'Migration20261125182435', class: Migration20261125182435 },
  { name: 'Migration20261125183220', class: Migration20261125183220 },
  { name: 'Migration20261125191623', class: Migration20261125191623 },
  { name: 'Migration20261125205625', class: Migration20261125205625 },
  { name: 'Migration20261126035414', class: Migration20261126035414 },
  { name: 'Migration20261127180909', class: Migration20261127180909 },
  { name: 'Migration20261127193616', class: Migration20261127193616 },
  { name: 'Migration20261127230111', class: Migration20261127230111 },
  { name: 'Migration20261127231206', class: Migration20261127231206 },

  { name: 'Migration20261127231146', class: Migration20261127231146 },

  { name: 'Migration20261127230628', class: Migration20261127230628 },
];
