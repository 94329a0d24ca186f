// The UserStore port: the profile of each account (names, email, when it was made), keyed by the
// account id of the Accounts port. The account itself (password, sign-in) belongs to Accounts;
// this is the customer record the client's other tools read. Two adapters on the store's database:
// the `users` table of the SQLite file and the `users` collection in Firestore. Both pass
// tests/integration/user-store.contract.ts.

/** A user profile (collection `users`), keyed by the account id of the Accounts port. */
export interface UserProfile {
  id: string;
  firstName: string;
  lastName: string;
  /** Lower case. */
  email: string;
  createdAt: string;
}

export interface UserStore {
  readonly kind: 'sqlite' | 'firestore';

  /** Creates or replaces the profile of an account, keyed by its id. */
  saveUserProfile(profile: UserProfile): Promise<void>;

  getUserProfile(id: string): Promise<UserProfile | null>;

  close(): Promise<void>;
}
