// /staff/partners/<label>/report.csv: the partner's report of /staff/partners/<label> as a CSV
// file for spreadsheets, with the same months (from, to). Staff only: everyone else gets the site's
// plain 404, and so does an unknown label.
import { notFound } from '~/utils/not-found.server';
import { todayInBrisbane } from '@business-chauffeur/booking-contract';
import type { LoaderFunctionArgs } from '@remix-run/node';
import {
  buildPartnerReport,
  partnerBookings,
  partnerReportCsv,
  reportMonthsOf,
} from '~/partners/partner-report.server';
import { requireStaff } from '~/staff/staff-access.server';
import { getPartnerStore } from '~/store/store.server';
import { PRIVATE_PAGE_CACHE } from '~/utils/route-headers';

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const partner = await getPartnerStore().getPartner(params.label ?? '');
  if (!partner) notFound();
  const months = reportMonthsOf(new URL(request.url).searchParams, todayInBrisbane(new Date()));
  const report = buildPartnerReport(partner, await partnerBookings(partner.id), months);
  return new Response(partnerReportCsv(report), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="partner-${partner.id}-${report.from}-to-${report.to}.csv"`,
      'Cache-Control': PRIVATE_PAGE_CACHE,
    },
  });
}
