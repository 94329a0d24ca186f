// The ApplicationStore port: applications to drive for the business (as a chauffeur, or as a
// contractor with their own vehicle), kept for staff. Two adapters on the store's database: the
// `applications` table of the SQLite file and the `applications` collection in Firestore. Both
// pass tests/integration/application-store.contract.ts.
import type { InboxHandling } from './feedback-store.server';

/** An application to drive for the business (collection `applications`). */
export interface ApplicationRecord {
  id: string;
  /** JOIN AS A CHAUFFEUR, or JOIN AS A CONTRACTOR (with their own vehicle). */
  type: 'chauffeur' | 'contractor';
  /** A service area (CMS), such as "Brisbane". */
  city: string;
  experience: { years: number; details: string };
  personal: { firstName: string; lastName: string; dateOfBirth: string };
  licence: { number: string; class: string; state: string; expiry: string };
  /** Queensland driver authority; null when the applicant does not hold one yet. */
  driverAuthority: { number: string; expiry: string } | null;
  address: { street: string; suburb: string; state: string; postcode: string };
  contact: { email: string; mobile: string };
  /** The signed-in applicant's account id; null for a guest. */
  userId: string | null;
  createdAt: string;
  /** Where staff are with it; absent until staff first set it (a new application). */
  handling?: InboxHandling;
}

export type NewApplication = Omit<ApplicationRecord, 'id' | 'handling'>;

export interface ApplicationStore {
  readonly kind: 'sqlite' | 'firestore';

  /** Saves one application and assigns its id. */
  addApplication(application: NewApplication): Promise<ApplicationRecord>;

  /** Applications newest first (staff tools, tests). */
  listApplications(options?: { limit?: number }): Promise<ApplicationRecord[]>;

  /** One application by its id; null when there is none. */
  getApplication(id: string): Promise<ApplicationRecord | null>;

  /** Sets where staff are with an application (replacing the last); null for an unknown id. */
  setHandling(id: string, handling: InboxHandling): Promise<ApplicationRecord | null>;

  close(): Promise<void>;
}
