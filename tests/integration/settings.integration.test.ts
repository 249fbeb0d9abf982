import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompanySettingsSchema, ProfileSettingsSchema } from "~/schemas/settings";
import { parseForm } from "~/schemas/parse-form";
import { getSettings, updateCompanySettings, updateProfileSettings } from "~/server/settings/settings.server";
import { acceptInvitation, findInvitation, inviteMember } from "~/server/team/team.server";
import { linkIn } from "../e2e/accounts-mailbox";
import { createStaff, TEST_FULL_NAME } from "../factories";
import { type AccountsTestbed, createAccountsTestbed, LINK_BASE } from "../helpers/test-database";

let bed: AccountsTestbed;
beforeAll(async () => {
  bed = await createAccountsTestbed();
});
afterAll(async () => {
  await bed.destroy();
});

describe("settings", () => {
  it("saves the full name, the notification preference and the company's details", async () => {
    const { staff } = await createStaff(bed.t.db, bed.auth);
    expect(await getSettings(bed.t.db, staff)).toMatchObject({ fullName: TEST_FULL_NAME, role: "recruiter", emailNotifications: true, isOwner: true, website: null });
    await updateProfileSettings(bed.t.db, staff, ProfileSettingsSchema.parse({ fullName: "  Rosa Parks ", emailNotifications: undefined }));
    await updateCompanySettings(bed.t.db, staff, CompanySettingsSchema.parse({ companyName: "Parks & Co", website: "parks.example" }));
    expect(await getSettings(bed.t.db, staff)).toMatchObject({
      fullName: "Rosa Parks",
      emailNotifications: false,
      companyName: "Parks & Co",
      website: "https://parks.example",
    });
    await updateProfileSettings(bed.t.db, staff, ProfileSettingsSchema.parse({ fullName: "", emailNotifications: "on" }));
    expect(await getSettings(bed.t.db, staff)).toMatchObject({ fullName: null, emailNotifications: true });
  });

  it("validates with clear messages", () => {
    expect(parseForm(CompanySettingsSchema, { companyName: " ", website: "" })).toEqual({ success: false, errors: { companyName: "Company name is required" } });
    expect(parseForm(CompanySettingsSchema, { companyName: "A", website: "not a site" })).toMatchObject({
      errors: { website: "Enter a valid website address, like https://example.com" },
    });
    expect(parseForm(ProfileSettingsSchema, { fullName: "x".repeat(101) })).toMatchObject({ errors: { fullName: "Full name must be at most 100 characters" } });
  });

  it("lets only the owner change the company's details", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    const colleague = await createStaff(bed.t.db, bed.auth);
    await inviteMember(bed.t.db, bed.mailer, owner.staff, { email: colleague.email }, LINK_BASE);
    const token = linkIn(await bed.mailbox.waitFor(colleague.email, { subject: /invited/ }), "/invitations/").split("/invitations/")[1]!;
    expect((await findInvitation(bed.t.db, token)).status).toBe("valid");
    await acceptInvitation(bed.t.db, { userId: colleague.staff.userId, email: colleague.email }, token);
    const member = { userId: colleague.staff.userId, companyId: owner.staff.companyId };
    expect(await getSettings(bed.t.db, member)).toMatchObject({ isOwner: false });
    await expect(updateCompanySettings(bed.t.db, member, { companyName: "Hijacked", website: null })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
