// What the UI and the draft storage read from the wizard's snapshot, derived rather than stored:
// the step on screen is the machine's top-level state, the total and the vehicle come from the
// quote's cards (or, once saved, the server's booking).
import type { VehicleCard } from '@business-chauffeur/booking-contract';
import type { WizardTab } from '@business-chauffeur/booking-contract/widget';
import type { SnapshotFrom } from 'xstate';
import type { BookingMachine } from './booking-machine';
import { findVehicle } from './draft-edits';
import type { BookingContext } from './types';

/** The wizard's steps in order: the top-level states the customer sees. */
export const WIZARD_STEPS = ['general', 'vehicle', 'passenger', 'summary', 'payment'] as const;

/** The step on screen (0 General Details … 4 Payment). */
export function stepOf(snapshot: Pick<SnapshotFrom<BookingMachine>, 'matches'>): WizardTab {
  const index = WIZARD_STEPS.findIndex((step) => snapshot.matches(step));
  return Math.max(index, 0) as WizardTab;
}

/** The chosen vehicle card, if any. */
export const selectedVehicle = (context: Pick<BookingContext, 'draft'>): VehicleCard | undefined =>
  findVehicle(context.draft, context.draft.vehicleId);

/** The total in AUD: the saved booking's amount (the server's), else the chosen card's fare, else 0. */
export function totalOf(context: Pick<BookingContext, 'draft' | 'booking'>): number {
  return context.booking?.totalCents ?? selectedVehicle(context)?.totalCents ?? 0;
}
