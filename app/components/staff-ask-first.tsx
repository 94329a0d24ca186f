// Staff forms that send money back (a refund, a cancellation) ask first, naming the amount. The
// action acts only when the form's `confirm` field holds the amount staff said yes to
// (app/staff/booking-page-action.server.ts); otherwise it answers with the question, which this
// renders inside the form as a step of its own: without JavaScript that is the confirmation page.
// Once the app has loaded, the form asks in a modal <dialog> before it is sent instead (focus on
// the safe choice, Escape goes back, focus returns to the button that sent it), and "Yes" sends
// it with `confirm` filled in.
import { useActionData } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { dollarsToCents } from '~/staff/staff-forms';

export interface AskFirstText {
  /** The dialog's heading. */
  title: string;
  /** The question for an amount in cents. */
  question: (cents: number) => string;
  /** The button that goes ahead, for an amount in cents. */
  yes: (cents: number) => string;
  /** The button that goes back without doing anything. */
  no: string;
}

type FormProps = { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void };

/**
 * What a form that asks first needs: its props (Conform's, with the question before sending),
 * the hidden `confirm` field and the step without JavaScript (`confirmation`, `asking`), and the
 * dialog.
 */
export function useAskFirst(formProps: FormProps, text: AskFirstText) {
  const answer = useActionData<{ form?: string; ask?: { amountCents: number } }>();
  const asked = answer?.form === formProps.id && answer.ask ? answer.ask.amountCents : null;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState<number | null>(null);

  // Opened once the question is in it; the safe choice has the first focus.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (pending === null || !dialog || dialog.open) return;
    dialog.showModal();
    noRef.current?.focus();
  }, [pending]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    const cents = dollarsToCents(String(new FormData(event.currentTarget).get('amount') ?? ''));
    const confirm = confirmRef.current;
    if (cents === null || !confirm) return;
    if (confirm.value === String(cents)) {
      // Said yes to this amount: the form is read as it is sent, then the next one asks again.
      queueMicrotask(() => (confirm.value = ''));
      return;
    }
    event.preventDefault();
    setPending(cents);
  };

  const goAhead = () => {
    const form = document.getElementById(formProps.id);
    if (pending === null || !(form instanceof HTMLFormElement) || !confirmRef.current) return;
    confirmRef.current.value = String(pending);
    dialogRef.current?.close();
    form.requestSubmit();
  };

  const confirmation = (
    <>
      <input
        // A new question starts the field afresh with its amount.
        key={`confirm-${asked}`}
        ref={confirmRef}
        type="hidden"
        name="confirm"
        defaultValue={asked === null ? '' : String(asked)}
      />
      {asked !== null ? (
        <div
          className="staff-notice staff-ask"
          role="group"
          aria-labelledby={`${formProps.id}-ask`}
        >
          <p id={`${formProps.id}-ask`}>
            <strong>{text.question(asked)}</strong>
          </p>
          <div className="form__row">
            <button type="submit" className="button button--accent">
              {text.yes(asked)}
            </button>
            <a className="button button--ghost" href="?">
              {text.no}
            </a>
          </div>
        </div>
      ) : null}
    </>
  );

  const titleId = `${formProps.id}-dialog-title`;
  const dialog = (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-text`}
      onClose={() => setPending(null)}
    >
      {pending !== null ? (
        <div className="modal__panel">
          <header className="modal__header">
            <h2 id={titleId}>{text.title}</h2>
          </header>
          <p id={`${titleId}-text`}>{text.question(pending)}</p>
          <footer className="modal__footer staff-ask__buttons">
            <button
              ref={noRef}
              type="button"
              className="button button--ghost"
              onClick={() => dialogRef.current?.close()}
            >
              {text.no}
            </button>
            <button type="button" className="button button--accent" onClick={goAhead}>
              {text.yes(pending)}
            </button>
          </footer>
        </div>
      ) : null}
    </dialog>
  );

  /** While the step asks, its buttons are the form's only ones. */
  return { formProps: { ...formProps, onSubmit }, confirmation, dialog, asking: asked !== null };
}
