// The user, feedback and application store contracts on their Firestore adapters, against the
// Firestore emulator of the machine image (started here on a free port).
import { createFirestoreApplicationStore } from '~/store/firestore-application-store.server';
import { createFirestoreFeedbackStore } from '~/store/firestore-feedback-store.server';
import { createFirestoreUserStore } from '~/store/firestore-user-store.server';
import { describeOnFirestore } from '../support/store-harness';
import { applicationStoreContract } from './application-store.contract';
import { feedbackStoreContract } from './feedback-store.contract';
import { userStoreContract } from './user-store.contract';

describeOnFirestore('Firestore record stores', (firestore) => {
  const users = firestore.harness(createFirestoreUserStore);
  userStoreContract(() => users);

  const feedback = firestore.harness(createFirestoreFeedbackStore);
  feedbackStoreContract(() => feedback);

  const applications = firestore.harness(createFirestoreApplicationStore);
  applicationStoreContract(() => applications);
});
