import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { inputStyles } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";

/** A job as the filter offers it. */
export interface JobChoice {
  id: string;
  title: string;
  status?: string;
}

/** What /applications/job-choices answers. */
interface JobChoices {
  jobs: JobChoice[];
  more: boolean;
}

const CHOICES_PATH = "/applications/job-choices";
/** How long typing may pause before the choices are asked for (a fast typist asks once). */
const TYPING_PAUSE_MS = 150;

/**
 * The applications list's job filter (decision 077): a combobox that finds the company's jobs by
 * title as the user types, a few at a time from the server, instead of a select carrying every
 * job in the page. "All jobs" comes first. The chosen job's id is the form's `job` value.
 *
 * Keyboard: the arrows move through the choices, Enter takes one, Escape closes the list and
 * puts the chosen job back in the box. Without JavaScript the box is disabled and the chosen job
 * stays.
 */
export function JobFilter({
  selected,
  onChoose,
  label = "Job",
  noneLabel = "All jobs",
  labelClassName = "sr-only",
}: {
  selected: JobChoice | null;
  onChoose: (job: JobChoice | null) => void;
  /** The box's label, and what choice 0 (no job) is called. */
  label?: string;
  noneLabel?: string;
  /** Shown (as the form's other labels) or only for screen readers (the filters). */
  labelClassName?: string;
}) {
  const id = useId();
  const listId = `${id}-choices`;
  const fetcher = useFetcher<JobChoices>();
  const hydrated = useHydrated();
  const [text, setText] = useState(selected?.title ?? "");
  // A new page (another job chosen, Back) shows its job in the box.
  const [shownJob, setShownJob] = useState(selected?.id ?? null);
  if (shownJob !== (selected?.id ?? null)) {
    setShownJob(selected?.id ?? null);
    setText(selected?.title ?? "");
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [query, setQuery] = useState<string | null>(null);
  const asked = useRef<string | null>(null);

  // Ask for the choices once typing pauses; the fetcher drops an answer overtaken by a newer one.
  const { load } = fetcher;
  useEffect(() => {
    if (query === null || query === asked.current) return;
    const timer = setTimeout(
      () => {
        asked.current = query;
        void load(`${CHOICES_PATH}?${new URLSearchParams({ q: query })}`);
      },
      asked.current === null ? 0 : TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [query, load]);

  const jobs = fetcher.data?.jobs ?? [];
  // Choice 0 is no job ("All jobs"); choice i is jobs[i - 1].
  const count = jobs.length + 1;
  const optionId = (index: number) => `${id}-choice-${index}`;

  function show(q: string) {
    setOpen(true);
    setActive(0);
    setQuery(q);
  }

  function close() {
    setOpen(false);
    setText(selected?.title ?? "");
  }

  function choose(index: number) {
    const job = index === 0 ? null : (jobs[index - 1] ?? null);
    setOpen(false);
    setText(job?.title ?? "");
    if ((job?.id ?? null) !== (selected?.id ?? null)) onChoose(job);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return show(text === (selected?.title ?? "") ? "" : text);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (index + step + count) % count);
    } else if (event.key === "Enter") {
      // Enter takes the highlighted job; it never submits the form with half a title.
      event.preventDefault();
      if (open) choose(active);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  }

  const loading = fetcher.state === "loading";
  const message = !open
    ? ""
    : loading && !fetcher.data
      ? "Loading jobs…"
      : fetcher.data && jobs.length === 0 && query
        ? `No jobs match “${query}”.`
        : fetcher.data?.more
          ? "Type to find more jobs."
          : "";
  return (
    <div className="relative">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input type="hidden" name="job" value={selected?.id ?? ""} />
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(active) : undefined}
        disabled={!hydrated}
        title={hydrated ? undefined : "Choosing a job needs JavaScript"}
        placeholder={noneLabel}
        value={text}
        className={labelClassName === "sr-only" ? inputStyles : `${inputStyles} mt-1`}
        onFocus={() => show("")}
        onClick={() => (open ? undefined : show(""))}
        onChange={(event) => {
          setText(event.target.value);
          show(event.target.value.trim());
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <div
        className={
          open ? "absolute inset-x-0 z-20 mt-1 max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg" : "hidden"
        }
      >
        <ul id={listId} role="listbox" aria-label="Jobs" aria-busy={loading}>
          {open
            ? [{ id: "", title: noneLabel } as JobChoice, ...jobs].map((job, index) => (
                <li
                  key={job.id || "all"}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // The box keeps the focus: a click takes the job before the box's blur closes the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(index)}
                  onMouseMove={() => setActive(index)}
                  className={`flex cursor-pointer items-baseline justify-between gap-2 px-3 py-2 text-sm ${
                    index === active ? "bg-brand-50 text-brand-800" : "text-slate-800"
                  } ${index === 0 ? "font-medium" : ""}`}
                >
                  <span className="min-w-0 truncate">{job.title}</span>
                  {job.status && job.status !== "published" ? <span className="shrink-0 text-xs capitalize text-slate-500">{job.status}</span> : null}
                </li>
              ))
            : null}
        </ul>
        <p className={message ? "px-3 py-2 text-xs text-slate-500" : "sr-only"} aria-live="polite">
          {message}
        </p>
      </div>
    </div>
  );
}
