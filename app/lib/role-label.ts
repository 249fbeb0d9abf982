import { ROLE_LABELS, type Role } from "./permissions";

/**
 * The role a staff member is shown with, the same in Settings and in the team list: the person
 * who signed the company up (`companies.created_by`) is its Owner (an Admin nobody can demote);
 * everyone else by their role (decision 096).
 */
export function roleLabel(staff: { isOwner: boolean; role: Role }): string {
  return staff.isOwner ? "Owner" : ROLE_LABELS[staff.role];
}

/** How a staff member is named (the layout, "Added by …"): their full name, or their role when they gave none. */
export function displayNameOf(staff: { fullName: string | null; isOwner: boolean; role: Role }): string {
  return staff.fullName?.trim() || roleLabel(staff);
}
