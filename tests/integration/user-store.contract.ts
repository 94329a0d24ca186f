// The UserStore contract: every adapter must pass it (SQLite always, Firestore on the emulator).
// A profile is saved by account id, read back as saved, and replaced by a second save.
import { describe, expect, it } from 'vitest';
import type { UserProfile, UserStore } from '~/store/user-store.server';
import type { Harness } from '../support/store-harness';
import { recordStoreLifecycle } from './record-store.contract';

const profile: UserProfile = {
  id: 'account-1',
  firstName: 'Ngaio',
  lastName: 'Marsh',
  email: 'ngaio@example.com',
  createdAt: '2031-01-01T00:00:00.000Z',
};

export function userStoreContract(getHarness: () => Harness<UserStore>) {
  describe('user store', () => {
    recordStoreLifecycle(getHarness, {
      write: async (store) => {
        await store.saveUserProfile(profile);
        return profile;
      },
      read: (store) => store.getUserProfile(profile.id),
    });

    it('saves, reads back and replaces a profile by account id', async () => {
      const store = getHarness().open();
      await store.saveUserProfile(profile);
      await expect(store.getUserProfile('account-1')).resolves.toEqual(profile);
      await store.saveUserProfile({ ...profile, lastName: 'Marsh-Smith' });
      await expect(store.getUserProfile('account-1')).resolves.toEqual({
        ...profile,
        lastName: 'Marsh-Smith',
      });
    });

    it('knows no profile it was not given', async () => {
      const store = getHarness().open();
      await store.saveUserProfile(profile);
      await expect(store.getUserProfile('nobody')).resolves.toBeNull();
    });
  });
}
