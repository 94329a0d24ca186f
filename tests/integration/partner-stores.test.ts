// The PartnerStore contract on its embedded SQLite adapter (migration 17) and on its Firestore
// adapter against the emulator of the machine image (started here on a free port), and the
// directory each instance reads partners through: two instances on one store see a change within
// 30 seconds.
import { describe } from 'vitest';
import { createPartnerDirectory, MAX_AGE_MS } from '~/partners/partner-directory.server';
import { createFirestorePartnerStore } from '~/store/firestore-partner-store.server';
import { createSqlitePartnerStore } from '~/store/sqlite-partner-store.server';
import { describeOnFirestore, sqliteHarness } from '../support/store-harness';
import { partnerDirectoryAcrossInstances, partnerStoreContract } from './partner-store.contract';

describe('SQLite partner store', () => {
  const partners = sqliteHarness('sqlite-partners', (filename) =>
    createSqlitePartnerStore({ filename }),
  );
  partnerStoreContract(() => partners);
  partnerDirectoryAcrossInstances(() => partners, createPartnerDirectory, MAX_AGE_MS);
});

describeOnFirestore('Firestore partner store', (firestore) => {
  const partners = firestore.harness(createFirestorePartnerStore);
  partnerStoreContract(() => partners);
  partnerDirectoryAcrossInstances(() => partners, createPartnerDirectory, MAX_AGE_MS);
});
