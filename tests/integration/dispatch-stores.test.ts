// The DispatchStore contract on its embedded SQLite adapter (migration 14) and on its Firestore
// adapter against the emulator of the machine image (started here on a free port).
import { describe } from 'vitest';
import { createFirestoreDispatchStore } from '~/store/firestore-dispatch-store.server';
import { createSqliteDispatchStore } from '~/store/sqlite-dispatch-store.server';
import { describeOnFirestore, sqliteHarness } from '../support/store-harness';
import { dispatchStoreContract } from './dispatch-store.contract';

describe('SQLite dispatch store', () => {
  const dispatch = sqliteHarness('sqlite-dispatch', (filename) =>
    createSqliteDispatchStore({ filename }),
  );
  dispatchStoreContract(() => dispatch);
});

describeOnFirestore('Firestore dispatch store', (firestore) => {
  const dispatch = firestore.harness(createFirestoreDispatchStore);
  dispatchStoreContract(() => dispatch);
});
