// /staff and everything under it: the operations pages, for accounts with the staff role only.
// Everyone else gets the site's plain 404 (app/staff/staff-access.server.ts); every child route
// checks again, since Remix runs the loaders of a page side by side. Staff see these pages in their
// own layout, without the site's header and footer (app/root.tsx, app/components/staff-header.tsx);
// the pages' navigation is one list, app/staff/staff-nav.ts.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
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
  await requireStaff(request);
  return null;
}

/** The console's header and navigation are the root's (app/components/staff-header.tsx). */
export default function StaffLayout() {
  return (
    <div className="container staff-page">
      <Outlet />
    </div>
  );
}
