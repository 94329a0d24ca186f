// The embedded UserStore: the `users` table of the store's SQLite file (migration 2), one JSON
// document per account with the email beside it for an index.
import { openSqliteStore, documentOf } from './sqlite-store.server';
import type { UserProfile, UserStore } from './user-store.server';

export function createSqliteUserStore({ filename }: { filename: string }): UserStore {
  const { db, run, close } = openSqliteStore(filename, 'user store');
  const statements = {
    save: db.prepare(
      `INSERT INTO users (id, email, created_at, document) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET email = excluded.email, document = excluded.document`,
    ),
    byId: db.prepare('SELECT document FROM users WHERE id = ?'),
  };

  return {
    kind: 'sqlite',

    saveUserProfile(profile) {
      return run(() => {
        statements.save.run(profile.id, profile.email, profile.createdAt, JSON.stringify(profile));
      });
    },

    getUserProfile(id) {
      return run(() => documentOf<UserProfile>(statements.byId.get(id)));
    },

    close,
  };
}
