import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { errorsFor, type SettingsAnswer } from "./settings-answer";
import { LocalDate } from "~/components/ui/local-date";

export interface SessionRow {
  id: string;
  current: boolean;
  device: string;
  ipAddress: string;
  lastActiveAt: string;
}

/** The signed-in devices, each signed out on its own, and sign-out of this, the other or all devices. */
export function SessionsList({ sessions, answer }: { sessions: SessionRow[]; answer?: SettingsAnswer }) {
  const error = errorsFor(answer, "sessions")?.form;
  return (
    <div className="space-y-4">
      {error ? <Alert>{error}</Alert> : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {s.device} {s.current ? <Badge tone="blue">This device</Badge> : null}
              </p>
              <p className="text-slate-500">
                {s.ipAddress} · Last active <LocalDate value={s.lastActiveAt} withTime />
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-session" />
                <input type="hidden" name="sessionId" value={s.id} />
                <Button type="submit" variant="secondary" aria-label={`Sign out ${s.device}, ${s.ipAddress}`}>
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {/* One row of buttons that wraps on a phone, the confirmed one beside the others. */}
      <div className="flex flex-wrap items-start gap-3">
        <Form method="post" className="contents">
          <Button type="submit" name="intent" value="signout-this" variant="secondary">
            Sign out this device
          </Button>
          <Button type="submit" name="intent" value="signout-others" variant="secondary" disabled={sessions.length < 2}>
            Sign out other devices
          </Button>
        </Form>
        <ConfirmAction
          id="signout-all"
          label="Sign out all devices"
          title="Sign out all devices?"
          description="Every session ends, this one included: you will need to sign in again here and on your other devices."
          confirmLabel="Sign out all devices"
          anchor="security"
        >
          <input type="hidden" name="intent" value="signout-all" />
        </ConfirmAction>
      </div>
    </div>
  );
}
