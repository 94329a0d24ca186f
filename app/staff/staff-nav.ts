// The operations pages' navigation: one list, in the order staff see it in the console's header
// (app/components/staff-header.tsx). A new page under /staff adds its line here. `end` marks the
// one link whose address is a prefix of others' (/staff), so it is the current page only there.

export interface StaffNavLink {
  /** What the link says. */
  label: string;
  /** The page's address, under /staff. */
  to: string;
  /** Current only at this exact address, not under it. */
  end?: boolean;
}

export const STAFF_NAV: readonly StaffNavLink[] = [
  { label: 'Bookings', to: '/staff', end: true },
  { label: 'New phone booking', to: '/staff/bookings/new' },
  { label: 'Day', to: '/staff/day' },
  { label: 'Chauffeurs', to: '/staff/chauffeurs' },
  { label: 'Cars', to: '/staff/cars' },
  { label: 'Cancellations', to: '/staff/cancellations' },
  { label: 'Feedback', to: '/staff/feedback' },
  { label: 'Applications', to: '/staff/applications' },
  { label: 'Partners', to: '/staff/partners' },
  { label: 'Reports', to: '/staff/reports' },
  { label: 'Vitals', to: '/staff/vitals' },
];

/** Whether a page is one of the operations pages (and so, for staff, in the console's layout). */
export function isStaffPath(pathname: string): boolean {
  return pathname === '/staff' || pathname.startsWith('/staff/');
}
