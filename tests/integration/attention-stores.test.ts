// The AttentionStore contract on its SQLite adapter (migration 16, two connections to one file)
// and its Firestore adapter (the emulator, two clients; skipped with the reason without it).
import { describe } from 'vitest';
import { createFirestoreAttentionStore } from '~/store/firestore-attention-store.server';
import { createSqliteAttentionStore } from '~/store/sqlite-attention-store.server';
import { describeOnFirestore, sqliteHarness } from '../support/store-harness';
import { attentionStoreContract } from './attention-store.contract';

describe('SQLite attention store', () => {
  const records = sqliteHarness('sqlite-attention', (filename) =>
    createSqliteAttentionStore({ filename }),
  );
  attentionStoreContract(() => records);
});

describeOnFirestore('Firestore attention store', (firestore) => {
  const records = firestore.harness(createFirestoreAttentionStore);
  attentionStoreContract(() => records);
});
