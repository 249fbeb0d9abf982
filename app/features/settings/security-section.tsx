import { PasswordForm } from "./password-form";
import type { SettingsAnswer } from "./settings-answer";
import { SettingsSection, SettingsSubsection } from "./settings-section";
import { type SessionRow, SessionsList } from "./sessions-list";
import { TwoFactorSettings } from "./two-factor-settings";

export interface SecurityData {
  twoFactorEnabled: boolean;
  sessions: SessionRow[];
}

/**
 * Settings › Security: the password, the second factor and the signed-in devices. `noticeId` is the
 * staff layout's notice ("Password changed."), so a password change that succeeded starts its form empty.
 */
export function SecuritySection({ data, answer, noticeId }: { data: SecurityData; answer?: SettingsAnswer; noticeId?: string }) {
  return (
    <SettingsSection id="security" title="Security" description="Your password, second factor and signed-in devices.">
      <div className="space-y-6">
        <SettingsSubsection title="Password">
          <PasswordForm answer={answer} noticeId={noticeId} />
        </SettingsSubsection>
        <SettingsSubsection title="Two-factor authentication">
          <TwoFactorSettings enabled={data.twoFactorEnabled} answer={answer} />
        </SettingsSubsection>
        <SettingsSubsection title="Sessions">
          <SessionsList sessions={data.sessions} answer={answer} />
        </SettingsSubsection>
      </div>
    </SettingsSection>
  );
}
