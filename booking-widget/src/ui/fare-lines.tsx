// The fare line by line, as the server made it (the vehicle card's disclosure, the summary and the
// payment step): each line's label, its detail and amount, then the total and the GST it includes.
// The widget adds nothing up: the total and the GST are the server's too.
import { formatMoney, type FareLine } from '@business-chauffeur/booking-contract';
import { widgetStepMessages } from '@business-chauffeur/booking-contract/widget';
import { useShadowStyles } from './widget-context';
import fareStyles from '../styles/fare-lines.css?inline';

const text = widgetStepMessages.fare;

export function FareLines({
  lines,
  totalCents,
  gstCents,
  amountDue = false,
}: {
  lines: readonly FareLine[];
  totalCents: number;
  gstCents: number;
  /** The total is the amount about to be paid: "Total (AUD)", in large. */
  amountDue?: boolean;
}) {
  useShadowStyles('fare-lines', fareStyles);
  return (
    <dl className="cb-fare-lines">
      {lines.map((line, index) => (
        <div key={`${line.kind}-${index}`} data-kind={line.kind}>
          <dt>
            {line.label}
            {line.detail ? <small>{line.detail}</small> : null}
          </dt>
          <dd>{formatMoney(line.amountCents)}</dd>
        </div>
      ))}
      {/* Where the total is the amount about to be paid, it is that screen's one total, in large. */}
      <div className={amountDue ? 'cb-fare-total cb-amount' : 'cb-fare-total'}>
        <dt>{amountDue ? text.amountDue : text.total}</dt>
        <dd>{amountDue ? <strong>{formatMoney(totalCents)}</strong> : formatMoney(totalCents)}</dd>
      </div>
      <div className="cb-fare-gst">
        <dt>{text.gstIncluded}</dt>
        <dd>{formatMoney(gstCents)}</dd>
      </div>
    </dl>
  );
}

/** A native disclosure, so it opens with the keyboard and without script. */
export function FareDetails(props: Parameters<typeof FareLines>[0]) {
  return (
    <details className="cb-fare-details">
      <summary>{text.details}</summary>
      <FareLines {...props} />
    </details>
  );
}
