// The header of the operations pages (/staff), in place of the site's: the console's own
// navigation (app/staff/staff-nav.ts), who is signed in, the way back to the website and Sign out.
// Plain links and a form, so it works before and without JavaScript; the current page's link is
// marked aria-current="page" by NavLink. Only staff get it: the root chooses it from the shell's
// server-side staff check (app/shell/shell.server.ts).
import { Form, Link, NavLink } from '@remix-run/react';
import { STAFF_NAV } from '~/staff/staff-nav';
import { BrandMark } from './site-header';

export function StaffHeader({ name, email }: { name: string; email: string | null }) {
  return (
    <header className="staff-header">
      <div className="staff-header__bar container">
        <Link to="/staff" className="brand staff-header__brand">
          <BrandMark />
          <span>
            {name} <span className="staff-header__console">Operations</span>
          </span>
        </Link>
        <ul className="staff-header__account">
          {email ? <li className="staff-header__who">{`Signed in as ${email}`}</li> : null}
          <li>
            <Link to="/">View the website</Link>
          </li>
          <li>
            <Form method="post" action="/signout">
              <button type="submit" className="link-button">
                Sign out
              </button>
            </Form>
          </li>
        </ul>
      </div>
      <nav aria-label="Operations" className="staff-nav container">
        <ul>
          {STAFF_NAV.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
