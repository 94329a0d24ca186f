// The PartnerStore port: the partner sites staff manage at /staff/partners (hotels, venues,
// agents that put the booking widget on their pages). A partner's label is its id (the widget's
// `partner` attribute, what its bookings are recorded under), and each allowed origin belongs to
// one partner at most: two staff giving one origin to two partners at the same moment, on any
// instance, leave it with exactly one. Two adapters on the store's database: the `partners` and
// `partner_origins` tables of the SQLite file (migration 17) and the `partners` and
// `partnerOrigins` collections in Firestore. Both pass tests/integration/partner-store.contract.ts.

export interface PartnerRecord {
  /** The label: letters, digits, `.`, `_`, `-` (the widget's `partner` attribute). */
  id: string;
  /** How staff name the partner: "Riverside Grand Hotel". */
  name: string;
  /** Exact origins ("https://www.riverside-grand.example"), normalised, each once. */
  origins: string[];
  contactEmail: string;
  /**
   * What the partner is owed of each paid booking's fare before GST, in hundredths of a percent
   * (1000 = 10%), an integer so commission is worked out in whole cents; null: no commission.
   */
  commissionBasisPoints: number | null;
  /** Switched off: its origins may no longer call the booking API; its bookings stay its own. */
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export type PartnerFields = Partial<Omit<PartnerRecord, 'id' | 'createdAt'>>;

export type PartnerSaveOutcome =
  | { ok: true; partner: PartnerRecord; previous: PartnerRecord | null }
  /** The label is another partner's already (adding only). */
  | { ok: false; reason: 'label-taken' }
  /** Changing a partner that is not there. */
  | { ok: false; reason: 'missing' }
  /** One of the origins belongs to another partner. */
  | { ok: false; reason: 'origin-taken'; origin: string; partnerId: string };

export interface PartnerStore {
  readonly kind: 'sqlite' | 'firestore';

  /** Adds a partner under its label, with its origins, in one transaction. */
  addPartner(partner: PartnerRecord): Promise<PartnerSaveOutcome>;
  /** Sets fields of one partner (its origins too, in the same transaction). */
  updatePartner(id: string, fields: PartnerFields): Promise<PartnerSaveOutcome>;
  getPartner(id: string): Promise<PartnerRecord | null>;
  /** Every partner, by name. */
  listPartners(): Promise<PartnerRecord[]>;

  close(): Promise<void>;
}

export function byPartnerName(a: PartnerRecord, b: PartnerRecord): number {
  return a.name.localeCompare(b.name, 'en-AU') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The first origin of `wanted` that `owners` (origin → partner id) gives to another partner. */
export function originClash(
  id: string,
  wanted: readonly string[],
  owners: ReadonlyMap<string, string>,
): { origin: string; partnerId: string } | null {
  for (const origin of wanted) {
    const owner = owners.get(origin);
    if (owner !== undefined && owner !== id) return { origin, partnerId: owner };
  }
  return null;
}
