// The hosted UserStore: the `users` collection in Firestore, one document per account, its id the
// account id.
import { COLLECTIONS } from './collections.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';
import type { UserProfile, UserStore } from './user-store.server';

export function createFirestoreUserStore(options: FirestoreOptions): UserStore {
  const { db, run: guard, close } = openFirestore(options, 'user-store');
  const users = db.collection(COLLECTIONS.users);

  return {
    kind: 'firestore',

    saveUserProfile(profile) {
      return guard(async () => {
        await users.doc(profile.id).set(profile);
      });
    },

    getUserProfile(id) {
      return guard(async () => {
        const snapshot = await users.doc(id).get();
        return snapshot.exists ? (snapshot.data() as UserProfile) : null;
      });
    },

    close,
  };
}
