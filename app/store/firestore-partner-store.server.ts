// The hosted PartnerStore: the `partners` collection (one document per partner, keyed by its
// label) and `partnerOrigins`, one small document per allowed origin (its id a hash of the origin)
// naming the partner that holds it. A save reads the partner and the documents of every origin it
// holds or wants, checks and writes them in one transaction: two saves that want one origin read
// the same document, and Firestore lets only one of them commit as read.
import { createHash } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections.server';
import { openFirestore, type FirestoreOptions } from './firebase-app.server';
import {
  byPartnerName,
  originClash,
  type PartnerRecord,
  type PartnerSaveOutcome,
  type PartnerStore,
} from './partner-store.server';

interface OriginDocument {
  origin: string;
  partnerId: string;
}

const originId = (origin: string) => createHash('sha256').update(origin).digest('hex');

export function createFirestorePartnerStore(options: FirestoreOptions): PartnerStore {
  const { db, run, close } = openFirestore(options, 'partner-store');
  const partners = db.collection(COLLECTIONS.partners);
  const origins = db.collection(COLLECTIONS.partnerOrigins);

  /**
   * Writes `partner` with its origins in the transaction (after its reads), or says why not.
   * `previous` is the partner as read in the same transaction (null when new).
   */
  async function save(
    transaction: Transaction,
    partner: PartnerRecord,
    previous: PartnerRecord | null,
  ): Promise<PartnerSaveOutcome> {
    const held = previous?.origins ?? [];
    const refs = [...new Set([...held, ...partner.origins])].map((origin) => ({
      origin,
      ref: origins.doc(originId(origin)),
    }));
    const snapshots = refs.length > 0 ? await transaction.getAll(...refs.map((r) => r.ref)) : [];
    const owners = new Map<string, string>();
    for (const snapshot of snapshots) {
      const data = snapshot.data() as OriginDocument | undefined;
      if (data) owners.set(data.origin, data.partnerId);
    }
    const clash = originClash(partner.id, partner.origins, owners);
    if (clash) return { ok: false, reason: 'origin-taken', ...clash };
    for (const { origin, ref } of refs) {
      if (partner.origins.includes(origin)) {
        transaction.set(ref, { origin, partnerId: partner.id } satisfies OriginDocument);
      } else if (owners.get(origin) === partner.id) {
        transaction.delete(ref);
      }
    }
    transaction.set(partners.doc(partner.id), partner);
    return { ok: true, partner, previous };
  }

  return {
    kind: 'firestore',
    addPartner: (partner) =>
      run(() =>
        db.runTransaction(async (transaction): Promise<PartnerSaveOutcome> => {
          const snapshot = await transaction.get(partners.doc(partner.id));
          if (snapshot.exists) return { ok: false, reason: 'label-taken' };
          return save(transaction, partner, null);
        }),
      ),
    updatePartner: (id, fields) =>
      run(() =>
        db.runTransaction(async (transaction): Promise<PartnerSaveOutcome> => {
          const snapshot = await transaction.get(partners.doc(id));
          if (!snapshot.exists) return { ok: false, reason: 'missing' };
          const previous = snapshot.data() as PartnerRecord;
          const partner: PartnerRecord = {
            ...previous,
            ...fields,
            id,
            createdAt: previous.createdAt,
          };
          return save(transaction, partner, previous);
        }),
      ),
    getPartner: (id) =>
      run(async () => {
        const snapshot = await partners.doc(id).get();
        return snapshot.exists ? (snapshot.data() as PartnerRecord) : null;
      }),
    listPartners: () =>
      run(async () =>
        (await partners.get()).docs.map((doc) => doc.data() as PartnerRecord).sort(byPartnerName),
      ),
    close,
  };
}
