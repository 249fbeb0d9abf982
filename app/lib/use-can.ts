import { useRouteLoaderData } from "react-router";
import { can, type Permission, type Role } from "./permissions";

/** The staff layout's route id: its loader carries the signed-in member's role. */
const STAFF_LAYOUT = "routes/staff/layout";

/**
 * Whether the signed-in member's role has a permission, for leaving out links and controls they
 * cannot use (decision 096). Only a convenience for the page: the server refuses them regardless.
 */
export function useCan(): (permission: Permission) => boolean {
  const staff = useRouteLoaderData(STAFF_LAYOUT) as { roleKey?: Role } | undefined;
  return (permission) => (staff?.roleKey ? can(staff.roleKey, permission) : false);
}
