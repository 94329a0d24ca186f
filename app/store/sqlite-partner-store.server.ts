// The embedded PartnerStore: the `partners` table of the store's SQLite file (migration 17), one
// JSON document per partner, and `partner_origins`, one row per allowed origin naming its partner
// (the origin its primary key, so an origin is never two partners'). A save checks and rewrites
// both in one BEGIN IMMEDIATE transaction: every process on the file takes its turn.
import {
  byPartnerName,
  originClash,
  type PartnerRecord,
  type PartnerSaveOutcome,
  type PartnerStore,
} from './partner-store.server';
import { documentOf, openSqliteStore } from './sqlite-store.server';

export function createSqlitePartnerStore({ filename }: { filename: string }): PartnerStore {
  const { db, run, runInTransaction, close } = openSqliteStore(filename, 'partner store');
  const partnerById = db.prepare('SELECT document FROM partners WHERE id = ?');
  const insertPartner = db.prepare(
    'INSERT INTO partners (id, created_at, document) VALUES (?, ?, ?)',
  );
  const rewritePartner = db.prepare('UPDATE partners SET document = ? WHERE id = ?');
  const allPartners = db.prepare('SELECT document FROM partners');
  const ownerOf = db.prepare('SELECT partner_id FROM partner_origins WHERE origin = ?');
  const dropOrigins = db.prepare('DELETE FROM partner_origins WHERE partner_id = ?');
  const insertOrigin = db.prepare('INSERT INTO partner_origins (origin, partner_id) VALUES (?, ?)');

  /** Checks the origins are free for `partner` and makes them its own (inside a transaction). */
  function claimOrigins(partner: PartnerRecord): PartnerSaveOutcome | null {
    const owners = new Map<string, string>();
    for (const origin of partner.origins) {
      const row = ownerOf.get(origin);
      if (row) owners.set(origin, String(row.partner_id));
    }
    const clash = originClash(partner.id, partner.origins, owners);
    if (clash) return { ok: false, reason: 'origin-taken', ...clash };
    dropOrigins.run(partner.id);
    for (const origin of partner.origins) insertOrigin.run(origin, partner.id);
    return null;
  }

  return {
    kind: 'sqlite',
    addPartner: (partner) =>
      runInTransaction((): PartnerSaveOutcome => {
        if (partnerById.get(partner.id)) return { ok: false, reason: 'label-taken' };
        const refused = claimOrigins(partner);
        if (refused) return refused;
        insertPartner.run(partner.id, partner.createdAt, JSON.stringify(partner));
        return { ok: true, partner, previous: null };
      }),
    updatePartner: (id, fields) =>
      runInTransaction((): PartnerSaveOutcome => {
        const previous = documentOf<PartnerRecord>(partnerById.get(id));
        if (!previous) return { ok: false, reason: 'missing' };
        const partner: PartnerRecord = {
          ...previous,
          ...fields,
          id,
          createdAt: previous.createdAt,
        };
        const refused = claimOrigins(partner);
        if (refused) return refused;
        rewritePartner.run(JSON.stringify(partner), id);
        return { ok: true, partner, previous };
      }),
    getPartner: (id) => run(() => documentOf<PartnerRecord>(partnerById.get(id))),
    listPartners: () =>
      run(() =>
        allPartners
          .all()
          .map((row) => documentOf<PartnerRecord>(row)!)
          .sort(byPartnerName),
      ),
    close,
  };
}
