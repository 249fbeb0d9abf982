import { useEffect } from "react";
import { data, Form, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/schedule";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { ErrorPage } from "~/components/ui/error-page";
import { PublicFrame } from "~/components/ui/public-frame";
import { RowLink } from "~/components/ui/row-link";
import { useHydrated } from "~/components/ui/use-hydrated";
import { inputStyles } from "~/components/ui/field";
import { formValues, parseForm } from "~/schemas/parse-form";
import { SlotPickSchema } from "~/schemas/scheduling-link";
import { formatDayAndClock, formatInterviewTime, formatLongDate } from "~/schemas/zoned-time";
import { appMailer } from "~/server/mail/mailer.server";
import { bookSlot, readSchedulingPage } from "~/server/interviews/scheduling-links.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { isSecretToken } from "~/server/platform/secret-token.server";
import { resolveTimeZone } from "~/server/platform/time-zone.server";

/*
 * /schedule/<token>: a candidate's self-scheduling link (issue 14, decision 103). No account: the
 * token is the key. The page offers the slots where every interviewer is free, in the candidate's
 * time zone (the browser's, else the one they choose, else the sender's); picking one asks to
 * confirm, and booking sends the invitations. Works without JavaScript: slots are links, the
 * confirmation and the zone are plain forms.
 */

// Never cached, never indexed, and the token in the address is not sent to other sites.
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data && "page" in data ? `Pick a time: ${data.page.title} | OpenHire` : "Scheduling link | OpenHire" },
  { name: "robots", content: "noindex" },
];

/** The zone asked for in the address (`?tz=`), if Intl knows it. */
function askedZone(url: URL): string | null {
  const asked = url.searchParams.get("tz");
  return asked ? resolveTimeZone(asked) : null;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!isSecretToken(params.token)) throw data("Scheduling link not found", { status: 404, headers: PRIVATE_HEADERS });
  const url = new URL(request.url);
  const page = await readSchedulingPage(appDatabase(), params.token, askedZone(url));
  if (!page) throw data("Scheduling link not found", { status: 404, headers: PRIVATE_HEADERS });
  if (page.state !== "open") return { page };
  // The slots by day, as the candidate reads them; the one picked, if it is still on offer.
  const days: { day: string; slots: { startsAt: string; time: string }[] }[] = [];
  for (const startsAt of page.slots) {
    const { day, time } = formatDayAndClock(new Date(startsAt), page.zone);
    if (days.at(-1)?.day !== day) days.push({ day, slots: [] });
    days.at(-1)!.slots.push({ startsAt, time });
  }
  const picked = url.searchParams.get("slot");
  const chosen = picked && page.slots.includes(picked) ? { startsAt: picked, when: formatInterviewTime(new Date(picked), page.durationMinutes, page.zone) } : null;
  return { page: { ...page, slots: undefined }, days, chosen, until: formatLongDate(new Date(page.expiresAt), page.zone) };
}

export async function action({ params, request }: Route.ActionArgs) {
  if (!isSecretToken(params.token)) throw data("Scheduling link not found", { status: 404, headers: PRIVATE_HEADERS });
  const parsed = parseForm(SlotPickSchema, formValues(await request.formData()));
  if (!parsed.success) return data({ error: "Pick a time from the list." }, { status: 400, headers: PRIVATE_HEADERS });
  try {
    await bookSlot(appDatabase(), params.token, parsed.data, appMailer());
  } catch (error) {
    const answer = answerDomainError(error, { notFound: "Scheduling link not found" });
    return data({ error: answer.message }, { status: answer.status, headers: PRIVATE_HEADERS });
  }
  // The page now says it is booked, in the zone the candidate read it in.
  throw redirect(`/schedule/${params.token}?tz=${encodeURIComponent(parsed.data.timeZone)}`, { headers: PRIVATE_HEADERS });
}

/** Once hydrated: shows the times in the browser's zone unless the address already names one. */
function useBrowserZone(zone: string) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.has("tz")) return;
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browser && browser !== zone) {
      params.set("tz", browser);
      void navigate({ search: params.toString() }, { replace: true, preventScrollReset: true });
    }
  }, [location.search, navigate, zone]);
}

export default function Schedule({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  useBrowserZone(page.zone);
  const navigation = useNavigation();
  return (
    <PublicFrame>
      <div className="mx-auto max-w-2xl px-4 py-10">
        <p className="text-sm font-medium text-slate-600">
          {page.companyName} · {page.jobTitle}
        </p>
        {page.state === "booked" ? (
          <>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">You&apos;re booked</h1>
            {page.when ? (
              <>
                <p className="mt-4 text-slate-700">
                  {page.title}: <strong>{page.when}</strong>
                </p>
                <p className="mt-2 text-slate-600">A calendar invitation is on its way to your email. To change the time, reply to it.</p>
              </>
            ) : (
              <p className="mt-4 text-slate-700">This interview was cancelled. {page.companyName} will be in touch.</p>
            )}
          </>
        ) : page.state === "closed" ? (
          <>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{page.message}</h1>
            <p className="mt-4 text-slate-600">To find a time for {page.title}, reply to the email from {page.companyName} and ask for a new link.</p>
          </>
        ) : loaderData.days !== undefined ? (
          <OpenLink open={loaderData} error={actionData?.error ?? null} busy={navigation.state === "submitting"} />
        ) : null}
      </div>
    </PublicFrame>
  );
}

/** An open link's data: its slots by day, the time picked, and until when times are offered. */
type OpenData = Extract<Route.ComponentProps["loaderData"], { days: unknown }>;

function OpenLink({ open, error, busy }: { open: OpenData; error: string | null; busy: boolean }) {
  const { page, days, chosen, until } = open;
  const zoneQuery = `tz=${encodeURIComponent(page.zone)}`;
  // A slot is a RowLink (decision 088): the page offers up to 400 of them, each a `<Link>` would cost
  // its hooks in the server's render; a click is a client-side navigation all the same.
  const { pathname } = useLocation();
  return (
    <>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">Pick a time for your interview</h1>
      <p className="mt-2 text-slate-700">
        <strong className="font-semibold">{page.title}</strong>: {page.durationMinutes} minutes with {page.interviewers.join(", ")}.{page.location ? ` Where: ${page.location}` : ""}
      </p>
      <p className="mt-1 text-sm text-slate-600">Times are offered until {until}.</p>

      <form method="get" className="mt-4 flex flex-wrap items-end gap-2" aria-label="Time zone">
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          Time zone
          <input name="tz" defaultValue={page.zone} list="schedule-zones" className={`${inputStyles} w-64`} autoComplete="off" />
        </label>
        <ZoneOptions />
        <Button type="submit" variant="secondary">
          Show times
        </Button>
      </form>
      <p className="mt-1 text-sm text-slate-600">Times are shown in {page.zone}.</p>

      {error ? (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}

      {chosen ? (
        <section aria-labelledby="confirm-heading" className="mt-6 rounded-lg border border-brand-100 bg-brand-50 p-4">
          <h2 id="confirm-heading" className="font-semibold text-slate-900">
            Book {chosen.when}?
          </h2>
          <Form method="post" className="mt-3 flex flex-wrap gap-2" preventScrollReset>
            <input type="hidden" name="startsAt" value={chosen.startsAt} />
            <input type="hidden" name="timeZone" value={page.zone} />
            <Button type="submit" disabled={busy}>
              {busy ? "Booking…" : "Confirm booking"}
            </Button>
            <ButtonLink to={`?${zoneQuery}`} variant="secondary" preventScrollReset>
              Pick another time
            </ButtonLink>
          </Form>
        </section>
      ) : null}

      {days.length === 0 ? (
        <p className="mt-6 text-slate-700">No times are free before {until}. Reply to the email from {page.companyName} and they will offer others.</p>
      ) : (
        <div className="mt-6 space-y-5">
          {days.map(({ day, slots }) => (
            <section key={day} aria-label={day}>
              <h2 className="text-sm font-semibold text-slate-900">{day}</h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {slots.map((slot) => (
                  <li key={slot.startsAt}>
                    <RowLink
                      to={`${pathname}?${zoneQuery}&slot=${encodeURIComponent(slot.startsAt)}`}
                      aria-label={`${day}, ${slot.time}`}
                      aria-current={chosen?.startsAt === slot.startsAt ? "true" : undefined}
                      className="slot"
                    >
                      {slot.time}
                    </RowLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * The zones the browser knows, offered while typing; only once hydrated (the server's list differs
 * from a browser's, and the page stays light: without JavaScript the field takes a typed name).
 */
function ZoneOptions() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <datalist id="schedule-zones">
      {Intl.supportedValuesOf("timeZone").map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicFrame>
      <ErrorPage
        error={error}
        notFound={{ title: "Scheduling link not found", text: "Check that the address is the whole link from your email." }}
        back={{ to: "/jobs", label: "Back to Job Board" }}
        className="mx-auto max-w-xl px-4 py-20"
      />
    </PublicFrame>
  );
}
