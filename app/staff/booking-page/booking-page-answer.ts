// What the staff booking page's action answers, read by each of its forms: one member per form
// (StaffBookingAnswer), so a form narrows on `answer.form` and reads only what its own answer
// carries: whether it finished (and its message), a change's preview, or the amount it asks about
// first.
import { useActionData } from '@remix-run/react';
import type { StaffBookingForm, staffBookingAction } from '~/staff/booking-page-action.server';

/** The action's last answer, if any. */
export function useStaffBookingAnswer() {
  return useActionData<typeof staffBookingAction>();
}

/** The answer of the form `id` that finished, if that form answered last. */
export function useDone(id: StaffBookingForm): string | null {
  const answer = useStaffBookingAnswer();
  return answer?.form === id ? (answer.done ?? null) : null;
}
