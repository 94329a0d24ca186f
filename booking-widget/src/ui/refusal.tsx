// What a page the site does not serve shows instead of the wizard (docs/decisions/030 and 063):
// the way out alone, no form to fill in that could never be sent. The site's own booking page as
// a button, and the phone as a link a phone can call, both in the partner's theme.
import { widgetMessages } from '@business-chauffeur/booking-contract/widget';

/** A tel: link for a phone number as written ("1300 975 707" becomes tel:1300975707). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function Refusal({ site, phone }: { site: string; phone?: string }) {
  const message = widgetMessages.originNotAllowed(site, phone);
  // The phone inside the sentence becomes its link; the rest of the sentence stays as written.
  const at = phone ? message.lastIndexOf(phone) : -1;
  return (
    <div className="cb cb-refusal" role="region" aria-label={widgetMessages.regionLabel}>
      <p className="cb-refusal-message" role="alert">
        {at >= 0 && phone ? (
          <>
            {message.slice(0, at)}
            <a href={telHref(phone)}>{phone}</a>
            {message.slice(at + phone.length)}
          </>
        ) : (
          message
        )}
      </p>
      <a className="cb-button cb-button--primary" href={`${site}/booking`}>
        {widgetMessages.bookOnSite}
      </a>
    </div>
  );
}
