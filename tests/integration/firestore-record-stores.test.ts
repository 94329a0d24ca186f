// The user, feedback, application, promo use, audit log and vitals store contracts on their Firestore adapters,
// against the Firestore emulator of the machine image (started here on a free port).
import { createFirestoreApplicationStore } from '~/store/firestore-application-store.server';
import { createFirestoreFeedbackStore } from '~/store/firestore-feedback-store.server';
import { createFirestorePromoUseStore } from '~/store/firestore-promo-use-store.server';
import { createFirestoreUserStore } from '~/store/firestore-user-store.server';
import { createFirestoreAuditLogStore } from '~/store/firestore-audit-log-store.server';
import { createFirestoreVitalsStore } from '~/store/firestore-vitals-store.server';
import type { VitalsStoreOptions } from '~/store/vitals-store.server';
import { describeOnFirestore } from '../support/store-harness';
import { applicationStoreContract } from './application-store.contract';
import { auditLogStoreContract } from './audit-log-store.contract';
import { feedbackStoreContract } from './feedback-store.contract';
import { promoUseStoreContract } from './promo-use-store.contract';
import { userStoreContract } from './user-store.contract';
import { vitalsStoreContract } from './vitals-store.contract';

describeOnFirestore('Firestore record stores', (firestore) => {
  const users = firestore.harness(createFirestoreUserStore);
  userStoreContract(() => users);

  const feedback = firestore.harness(createFirestoreFeedbackStore);
  feedbackStoreContract(() => feedback);

  const applications = firestore.harness(createFirestoreApplicationStore);
  applicationStoreContract(() => applications);

  const promoUses = firestore.harness(createFirestorePromoUseStore);
  promoUseStoreContract(() => promoUses);

  const audit = firestore.harness(createFirestoreAuditLogStore);
  auditLogStoreContract(() => audit);

  const vitals = firestore.harness((connection, options?: VitalsStoreOptions) =>
    createFirestoreVitalsStore(connection, options),
  );
  vitalsStoreContract(() => vitals);
});
