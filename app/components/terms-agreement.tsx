// The label of the box a payer ticks before paying a link (/pay/…), on the sandbox's card form and
// beside Stripe's Payment Element: the widget's own words, "I agree to the Terms and conditions and
// the Cancellation policy", each policy a link that opens in a new tab so the payment is not lost.
import { TERMS_PATHS } from '@business-chauffeur/booking-contract';
import { widgetStepMessages } from '@business-chauffeur/booking-contract/widget';

const terms = widgetStepMessages.paymentForm;

export function TermsAgreementLabel({ htmlFor }: { htmlFor: string }) {
  return (
    <label htmlFor={htmlFor}>
      {terms.termsAgree}{' '}
      <a href={TERMS_PATHS.terms} target="_blank" rel="noopener">
        {terms.termsLink} <span className="visually-hidden">{terms.opensInNewTab}</span>
      </a>{' '}
      {terms.termsAnd}{' '}
      <a href={TERMS_PATHS.cancellation} target="_blank" rel="noopener">
        {terms.cancellationLink} <span className="visually-hidden">{terms.opensInNewTab}</span>
      </a>
    </label>
  );
}
