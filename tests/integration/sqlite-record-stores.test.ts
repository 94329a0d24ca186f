// The user, feedback, application, promo use, audit log and vitals store contracts on their embedded SQLite
// adapters, all on one file as in production (the tables of migrations 2, 6, 8 and 9).
import { describe } from 'vitest';
import { createSqliteApplicationStore } from '~/store/sqlite-application-store.server';
import { createSqliteFeedbackStore } from '~/store/sqlite-feedback-store.server';
import { createSqlitePromoUseStore } from '~/store/sqlite-promo-use-store.server';
import { createSqliteUserStore } from '~/store/sqlite-user-store.server';
import { createSqliteAuditLogStore } from '~/store/sqlite-audit-log-store.server';
import { createSqliteVitalsStore } from '~/store/sqlite-vitals-store.server';
import type { VitalsStoreOptions } from '~/store/vitals-store.server';
import { sqliteHarness } from '../support/store-harness';
import { applicationStoreContract } from './application-store.contract';
import { auditLogStoreContract } from './audit-log-store.contract';
import { feedbackStoreContract } from './feedback-store.contract';
import { promoUseStoreContract } from './promo-use-store.contract';
import { userStoreContract } from './user-store.contract';
import { vitalsStoreContract } from './vitals-store.contract';

describe('SQLite record stores', () => {
  const users = sqliteHarness('sqlite-users', (filename) => createSqliteUserStore({ filename }));
  userStoreContract(() => users);

  const feedback = sqliteHarness('sqlite-feedback', (filename) =>
    createSqliteFeedbackStore({ filename }),
  );
  feedbackStoreContract(() => feedback);

  const applications = sqliteHarness('sqlite-applications', (filename) =>
    createSqliteApplicationStore({ filename }),
  );
  applicationStoreContract(() => applications);

  const promoUses = sqliteHarness('sqlite-promo-uses', (filename) =>
    createSqlitePromoUseStore({ filename }),
  );
  promoUseStoreContract(() => promoUses);

  const audit = sqliteHarness('sqlite-audit', (filename) =>
    createSqliteAuditLogStore({ filename }),
  );
  auditLogStoreContract(() => audit);

  const vitals = sqliteHarness('sqlite-vitals', (filename, options?: VitalsStoreOptions) =>
    createSqliteVitalsStore({ filename }, options),
  );
  vitalsStoreContract(() => vitals);
});
