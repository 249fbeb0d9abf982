/**
 * The role a staff member is shown with, the same in Settings and in the team list: the person
 * who signed the company up (`companies.created_by`) is its Owner; everyone else is a Recruiter
 * (every profile's stored role is `recruiter`; ownership is what tells them apart).
 */
export function roleLabel(isOwner: boolean): "Owner" | "Recruiter" {
  return isOwner ? "Owner" : "Recruiter";
}

/** How a staff member is named (the layout, "Added by …"): their full name, or their role when they gave none. */
export function displayNameOf(staff: { fullName: string | null; isOwner: boolean }): string {
  return staff.fullName?.trim() || roleLabel(staff.isOwner);
}
