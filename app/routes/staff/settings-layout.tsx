import { Outlet } from "react-router";
import { OldSettingsAnchors, SettingsNav } from "~/features/settings/settings-nav";

/**
 * Settings' frame: the heading and the sections' links above the section's own page (decision 057).
 * It loads nothing: each section's route loads what it shows, checks the session and has its own action.
 */
export default function SettingsLayout() {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <OldSettingsAnchors />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
      <SettingsNav />
      <Outlet />
    </div>
  );
}
