// /staff and everything under it: the operations pages, for accounts with the staff role only.
// Everyone else gets the site's plain 404 (app/staff/staff-access.server.ts); every child route
// checks again, since Remix runs the loaders of a page side by side.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { NavLink, Outlet, useLoaderData } from '@remix-run/react';
import { requireStaff } from '~/staff/staff-access.server';
import type { StylesHandle } from '~/utils/route-styles';
import staffStyles from '~/styles/staff.css?inline';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [staffStyles] };

export const meta: MetaFunction = () => [
  { title: 'Operations | Business Chauffeur' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  return { staff: { email: staff.email } };
}

export default function StaffLayout() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <div className="container staff-page">
      <nav aria-label="Operations" className="staff-nav">
        <ul>
          <li>
            <NavLink to="/staff" end>
              Bookings
            </NavLink>
          </li>
          <li>
            <NavLink to="/staff/day">Run sheet</NavLink>
          </li>
          <li>
            <NavLink to="/staff/cancellations">Cancellation requests</NavLink>
          </li>
          <li>
            <NavLink to="/staff/feedback">Feedback</NavLink>
          </li>
          <li>
            <NavLink to="/staff/applications">Applications</NavLink>
          </li>
          <li>
            <NavLink to="/staff/chauffeurs">Chauffeurs</NavLink>
          </li>
          <li>
            <NavLink to="/staff/cars">Cars</NavLink>
          </li>
          <li>
            <NavLink to="/staff/reports">Reports</NavLink>
          </li>
          <li>
            <NavLink to="/staff/vitals">Page speed</NavLink>
          </li>
        </ul>
      </nav>
      <p className="booking-page__lead">Signed in as staff: {staff.email}</p>
      <Outlet />
    </div>
  );
}
