// A type test, checked by `npm run typecheck`: the staff booking page's answer is one member per
// form, so a form that narrows on `answer.form` can read only what its own answer carries.
import { expectTypeOf } from 'vitest';
import type { useStaffBookingAnswer } from './booking-page-answer';

type PageAnswer = NonNullable<ReturnType<typeof useStaffBookingAnswer>>;

expectTypeOf<PageAnswer['form']>().toEqualTypeOf<
  | 'alert'
  | 'refund'
  | 'cancel'
  | 'change'
  | 'payment-link'
  | 'dispatch'
  | 'unassign'
  | 'actions'
  | undefined
>();

export function readAnswer(answer: PageAnswer) {
  if (answer.form === 'change') {
    expectTypeOf(answer.preview).not.toBeUndefined();
    expectTypeOf(answer.done).toEqualTypeOf<string | undefined>();
    // @ts-expect-error A change shows its new price; it never asks about an amount first.
    void answer.ask;
  }
  if (answer.form === 'refund' || answer.form === 'cancel') {
    expectTypeOf(answer.ask).toEqualTypeOf<{ amountCents: number } | undefined>();
    // @ts-expect-error Only the change form has a preview.
    void answer.preview;
  }
  if (answer.form === 'actions') {
    // @ts-expect-error The buttons' answer carries their message, nothing to confirm.
    void answer.ask;
  }
  if (answer.form === undefined) {
    // @ts-expect-error A post refused before it was read names no form and finishes nothing.
    void answer.done;
  }
}
