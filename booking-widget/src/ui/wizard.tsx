// The wizard's frame: progress bar, the current step, and the footer with Clear Form, Previous,
// Next and the running total (steps 1 to 3). Focus follows the customer: to the new step's heading after a step
// change, to the first field in error after a failed Next.
import { formatMoney } from '@business-chauffeur/booking-contract';
import { widgetMessages, type WizardTab } from '@business-chauffeur/booking-contract/widget';
import {
  lazy,
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type * as LaterStepsModule from './later-steps';
import { stepOf, totalOf } from '../machine/selectors';
import { keepFocusAboveFooter } from './focus-in-view';
import { StepGeneral } from './step-general';
import { useBooking, useWidget } from './widget-context';

// Steps 2 to 4 are fetched while the customer fills in step 1 (preloadLaterSteps, from widget.tsx);
// step 5 and its card forms load only when the customer gets there.
type LaterSteps = typeof LaterStepsModule;
let laterStepsModule: LaterSteps | null = null;
let laterSteps: Promise<LaterSteps> | undefined;
export function preloadLaterSteps(): Promise<LaterSteps> {
  laterSteps ??= import('./later-steps').then((module) => (laterStepsModule = module));
  laterSteps.catch(() => {
    laterSteps = undefined;
  });
  return laterSteps;
}

/** A step of the later chunk: drawn at once when the chunk is here (no flash), else suspends. */
function LaterStep({ name }: { name: 'StepVehicle' | 'StepPassenger' | 'StepSummary' }) {
  const module = laterStepsModule ?? use(preloadLaterSteps());
  const Step = module[name];
  return <Step />;
}

const StepPayment = lazy(() =>
  import('./step-payment').then((module) => ({ default: module.StepPayment })),
);

const text = widgetMessages;
const STEP_COUNT = text.steps.length;

/** Moves focus to the first field in error (document order), or to the step's message. */
function focusFirstError(root: ShadowRoot) {
  const target = root.querySelector<HTMLElement>(
    '[aria-invalid="true"], [data-error-focus="true"], [data-notice="true"]',
  );
  if (!target) return;
  target.scrollIntoView({ block: 'center', behavior: 'auto' });
  target.focus({ preventScroll: true });
}

export function Wizard({ shadow }: { shadow: ShadowRoot }) {
  const { actor } = useWidget();
  const tab = useBooking(stepOf);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const shownTab = useRef<WizardTab>(tab);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => (rootRef.current ? keepFocusAboveFooter(rootRef.current) : undefined), []);

  useEffect(() => {
    const subscription = actor.on('invalid', () => setFocusRequest((count) => count + 1));
    return () => subscription.unsubscribe();
  }, [actor]);

  // Runs after React has drawn the errors the failed Next produced.
  useEffect(() => {
    if (focusRequest > 0) focusFirstError(shadow);
  }, [focusRequest, shadow]);

  useEffect(() => {
    // Not on the first render: the page, not the widget, owns focus when it loads.
    if (shownTab.current === tab) return;
    shownTab.current = tab;
    headingRef.current?.focus();
  }, [tab]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'wizard.next' });
  };

  const title = (
    <h2 className="cb-step-title" tabIndex={-1} ref={headingRef}>
      {tab === 4 ? text.paymentHeading : text.steps[tab]}
    </h2>
  );

  let step: ReactNode;
  switch (tab) {
    case 0:
      step = <StepGeneral />;
      break;
    case 1:
      step = <LaterStep name="StepVehicle" />;
      break;
    case 2:
      step = <LaterStep name="StepPassenger" />;
      break;
    case 3:
      step = <LaterStep name="StepSummary" />;
      break;
    default:
      step = <StepPayment />;
  }

  return (
    <div className="cb" role="region" aria-label={text.regionLabel} ref={rootRef}>
      <ProgressBar tab={tab} />
      {tab < 4 ? (
        // Steps 1 to 4 are one form: Enter in a field means Next. Step 5 has its own forms.
        <form noValidate onSubmit={onSubmit} key="steps">
          <div className="cb-body">
            {title}
            <Suspense fallback={<StepLoading />}>{step}</Suspense>
          </div>
          <WizardFooter tab={tab} />
        </form>
      ) : (
        <div key="payment">
          <div className="cb-body">
            {title}
            <Suspense fallback={<StepLoading />}>{step}</Suspense>
          </div>
          <WizardFooter tab={tab} />
        </div>
      )}
    </div>
  );
}

function StepLoading() {
  return (
    <p role="status" className="cb-info">
      <span className="cb-spinner" aria-hidden="true" /> {text.loadingStep}
    </p>
  );
}

function ProgressBar({ tab }: { tab: WizardTab }) {
  return (
    <div className="cb-progress">
      <ol aria-label={text.progressLabel}>
        {text.steps.map((name, index) => (
          <li
            key={name}
            aria-current={index === tab ? 'step' : undefined}
            data-state={index < tab ? 'done' : index === tab ? 'current' : 'next'}
          >
            <span className="cb-step-name">{name}</span>
          </li>
        ))}
      </ol>
      <p className="cb-progress-current" role="status">
        {text.stepOf(tab + 1, STEP_COUNT, text.steps[tab] ?? '')}
      </p>
    </div>
  );
}

/**
 * Clear Form asks first, in the footer itself: the question, "Yes, clear the form" and "Keep my
 * details" (which has focus, so Enter by mistake keeps everything). Escape or Keep my details
 * closes the question and gives focus back to Clear Form.
 */
function ClearFormButton() {
  const { actor } = useWidget();
  const [asking, setAsking] = useState(false);
  const clearRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) keepRef.current?.focus();
    else if (returnFocus.current) clearRef.current?.focus();
    returnFocus.current = false;
  }, [asking]);

  const keep = () => {
    returnFocus.current = true;
    setAsking(false);
  };

  if (!asking) {
    return (
      <button ref={clearRef} type="button" className="cb-button" onClick={() => setAsking(true)}>
        {text.clearForm}
      </button>
    );
  }
  // Escape on either answer is "Keep my details".
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    keep();
  };
  return (
    <div className="cb-confirm" role="group" aria-labelledby="cb-clear-question">
      <p id="cb-clear-question">{text.clearQuestion}</p>
      <button
        type="button"
        className="cb-button cb-button--danger"
        onKeyDown={onKeyDown}
        onClick={() => {
          setAsking(false);
          actor.send({ type: 'wizard.clear' });
        }}
      >
        {text.clearConfirm}
      </button>
      <button
        ref={keepRef}
        type="button"
        className="cb-button"
        onKeyDown={onKeyDown}
        onClick={keep}
      >
        {text.clearCancel}
      </button>
    </div>
  );
}

function WizardFooter({ tab }: { tab: WizardTab }) {
  const { actor } = useWidget();
  const canClear = useBooking((snapshot) => snapshot.can({ type: 'wizard.clear' }));
  const canPrevious = useBooking((snapshot) => snapshot.can({ type: 'wizard.previous' }));
  const quoting = useBooking((snapshot) => snapshot.matches({ general: 'quoting' }));
  const total = useBooking((snapshot) => totalOf(snapshot.context));

  return (
    // Step 5 has no Next and shows its total beside the card: its bar stays below, out of the way.
    <div className={tab < 4 ? 'cb-footer' : 'cb-footer cb-footer--static'}>
      <div className="cb-footer-actions">
        {canClear ? <ClearFormButton /> : null}
        {canPrevious ? (
          <button
            type="button"
            className="cb-button"
            onClick={() => actor.send({ type: 'wizard.previous' })}
          >
            {text.previous}
          </button>
        ) : null}
        {tab < 4 ? (
          <button
            type="submit"
            className="cb-button cb-button--primary"
            // aria-disabled, not disabled: the button keeps focus while the quote loads.
            aria-disabled={quoting ? 'true' : undefined}
          >
            {quoting ? <span className="cb-spinner" aria-hidden="true" /> : null}
            {text.next[tab as 0 | 1 | 2 | 3]}
          </button>
        ) : null}
      </div>
      {/* The running total of steps 1 to 3; the summary and the payment step show the fare's
          own total, and the confirmation the amount paid: one total per screen. */}
      {tab < 3 ? (
        <p className="cb-total">
          {text.total}: <strong>{formatMoney(total)}</strong>
        </p>
      ) : null}
      {/* Always present, so screen readers announce the text when it appears. */}
      <p className="cb-visually-hidden" role="status">
        {quoting ? text.general.quoting : ''}
      </p>
    </div>
  );
}
