import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { companies, profiles } from "../db/schema";
import { CreateJobSchema, type CreateJobInput } from "~/schemas/job";
import type { Auth, Staff } from "~/server/auth.server";
import type { Database } from "~/server/db.server";
import type { Actor } from "~/server/tenancy.server";
import { registerAccount } from "~/server/services/accounts.server";
import { createJob } from "~/server/services/jobs.server";

export const TEST_PASSWORD = "correct horse battery staple";

export function uniqueEmail(prefix = "staff"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.test`;
}

export const TEST_FULL_NAME = "Test Recruiter";
export const TEST_COMPANY_NAME = "Test Company";

/** A registered staff member, the owner of their own company, as sign-up makes them. */
export async function createStaff(
  db: Database,
  auth: Auth,
  overrides: { email?: string; fullName?: string; companyName?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const { userId, cookies } = await registerAccount(
    auth,
    {
      email,
      password: TEST_PASSWORD,
      fullName: overrides.fullName ?? TEST_FULL_NAME,
      companyName: overrides.companyName ?? TEST_COMPANY_NAME,
    },
    new Headers(),
  );
  const [row] = await db
    .select({ companyId: profiles.companyId, companyName: companies.name, fullName: profiles.fullName })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .where(eq(profiles.id, userId));
  if (!row) throw new Error("createStaff: no profile");
  const staff: Staff = {
    userId,
    sessionId: "",
    email,
    fullName: row.fullName,
    role: "recruiter",
    isOwner: true,
    companyId: row.companyId,
    companyName: row.companyName,
  };
  /** The Cookie header of the session sign-up started. */
  const cookie = cookies.map((c) => c.split(";")[0]).join("; ");
  return { staff, cookie, email };
}

export function jobInput(overrides: Partial<CreateJobInput> = {}) {
  return CreateJobSchema.parse({
    title: "Backend Engineer",
    description: "Build the services behind our hiring platform.",
    location: "Lisbon, Portugal",
    ...overrides,
  });
}

export async function createTestJob(db: Database, staff: Actor, overrides: Partial<CreateJobInput> = {}) {
  return createJob(db, staff, jobInput(overrides));
}
