// The footer every page shares: the link groups of the navigation document (Company, Explore …),
// support contacts, social links, the payment methods we accept and the app-store badges.
// Contacts, social links and payment methods come from siteSettings, where staff edit them.
import type { FooterGroup } from '~/content/navigation.server';
import type { SiteSettings } from '~/content/site-settings.server';
import { mailtoHref, telHref } from '~/utils/links';
import { PaymentBadge, SocialIcon, socialLabel } from './brand-icons';
import { CmsLink } from './cms-link';
import { BrandMark } from './site-header';
import { StoreBadges } from './store-badges';
import { cleanStega } from '~/utils/stega';

export function SiteFooter({
  settings,
  groups,
}: {
  settings: SiteSettings | null;
  groups: readonly FooterGroup[];
}) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-brand" className="site-footer__brand">
          <h2 id="footer-brand" className="site-footer__name">
            <BrandMark />
            {settings?.name}
          </h2>
          {settings?.description ? <p>{settings.description}</p> : null}
        </section>

        {groups.map((group) => {
          const headingId = `footer-links-${group.key}`;
          return (
            <nav key={group.key} aria-labelledby={headingId}>
              <h2 id={headingId}>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.key}>
                    <CmsLink href={link.href}>{link.label}</CmsLink>
                  </li>
                ))}
              </ul>
            </nav>
          );
        })}

        {settings ? (
          <section aria-labelledby="footer-support">
            <h2 id="footer-support">Support</h2>
            <ul>
              <li>
                <a href={telHref(settings.phone ?? '')}>{settings.phone}</a>
              </li>
              <li>
                <a className="site-footer__email" href={mailtoHref(settings.email ?? '')}>
                  <EmailText email={settings.email ?? ''} />
                </a>
              </li>
              {settings.address ? <li>{settings.address}</li> : null}
            </ul>
            {settings.socialLinks && settings.socialLinks.length > 0 ? (
              <ul className="social-links" aria-label="Social media">
                {settings.socialLinks.map((link) =>
                  link.url && link.platform ? (
                    <li key={link._key}>
                      <a
                        href={link.url}
                        rel="noopener noreferrer"
                        target="_blank"
                        aria-label={`${cleanStega(settings.name)} on ${socialLabel(link.platform)} (opens in a new tab)`}
                      >
                        <SocialIcon platform={link.platform} />
                      </a>
                    </li>
                  ) : null,
                )}
              </ul>
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby="footer-apps">
          <h2 id="footer-apps">Our app</h2>
          <StoreBadges />
          {settings?.paymentMethods && settings.paymentMethods.length > 0 ? (
            <>
              <h2 id="footer-payments">We accept</h2>
              <ul className="payment-badges" aria-labelledby="footer-payments">
                {settings.paymentMethods.map((method) => (
                  <li key={method}>
                    <PaymentBadge method={method} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {year} {settings?.name}
        </p>
      </div>
    </footer>
  );
}

/** An email address that may wrap before its @ and nowhere else (site-footer__email's CSS). */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
