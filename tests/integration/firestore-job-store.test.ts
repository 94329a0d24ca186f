// The JobStore contract on its Firestore adapter, against the Firestore emulator of the machine
// image (started here on a free port; skipped with the reason without it).
import { createFirestoreJobStore } from '~/store/firestore-job-store.server';
import { describeOnFirestore } from '../support/store-harness';
import { jobStoreContract } from './job-store.contract';

describeOnFirestore('Firestore job store', (firestore) => {
  const jobs = firestore.harness(createFirestoreJobStore);
  jobStoreContract(() => jobs);
});
