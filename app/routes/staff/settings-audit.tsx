import type { Route } from "./+types/settings-audit";
import { AuditSection } from "~/features/settings/audit-section";
import { pageMeta } from "~/lib/meta";
import { AuditQuerySchema } from "~/schemas/audit";
import { cursorParam, parseQuery } from "~/schemas/query";
import { requireStaff } from "~/server/accounts/session.server";
import { listAuditEntries, listAuditMembers } from "~/server/audit/queries.server";
import { appDatabase } from "~/server/platform/db.server";
import { staffTimeZone } from "~/server/platform/time-zone.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader needs (app/lib/permissions.ts, decision 096): admins only. */
export const access = { loader: "company.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Audit trail", "Who viewed, downloaded, changed or erased candidates' data, and the admins' security actions.");

/** The company's audit trail (decision 115), newest first, filtered by the query; one keyset page of 50. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  const query = parseQuery(AuditQuerySchema, request.url);
  const filters = { action: query.action, member: query.member, subject: query.subject, from: query.from, to: query.to };
  const [page, members] = await Promise.all([
    listAuditEntries(db, staff, filters, staffTimeZone(request, staff), { after: query.after, before: query.before }),
    listAuditMembers(db, staff),
  ]);
  return {
    filters,
    members,
    entries: page.rows.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    next: page.next ? cursorParam(page.next) : null,
    previous: page.previous ? cursorParam(page.previous) : null,
  };
}

export default function SettingsAudit({ loaderData }: Route.ComponentProps) {
  return <AuditSection data={loaderData} />;
}
