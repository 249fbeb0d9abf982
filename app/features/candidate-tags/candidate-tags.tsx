import { type ReactNode, useId } from "react";
import { SelectAllOnPage } from "~/components/ui/select-all-on-page";
import { RowLink } from "~/components/ui/row-link";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldMessages, inputStyles } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { TAG_NAME_MAX } from "~/schemas/candidate";
import type { FieldErrors } from "~/schemas/parse-form";

/** What a tag form's action answers when it refuses (it redirects with a notice when it succeeds). */
export interface TagFormAnswer {
  errors?: FieldErrors | null;
}

/** The company's tags for a tag box to suggest (a `<datalist>`: works without JavaScript). */
export function TagSuggestions({ id, names }: { id: string; names: readonly string[] }) {
  return (
    <datalist id={id}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}

/** A tag as the lists show it; with `href`, a link to the candidates carrying it. */
export function TagChip({ name, href }: { name: string; href?: string }) {
  return href ? (
    <RowLink to={href} className="tag-chip hover:bg-brand-100" title={`Candidates tagged ${name}`}>
      {name}
    </RowLink>
  ) : (
    <span className="tag-chip">{name}</span>
  );
}

/**
 * The candidate page's Tags panel (decision 084): each tag with its remove button, and "Add tag" with
 * the company's tags as suggestions. Each form posts to the page's action (an `intent` and the tag's
 * name): through a fetcher with JavaScript, so the page stays where it is, or as a plain POST without;
 * the action redirects back with a notice either way. `answer` is the action's answer to a plain POST.
 */
export function TagsPanel({ tags, suggestions, answer }: { tags: readonly string[]; suggestions: readonly string[]; answer?: TagFormAnswer }) {
  const id = useId();
  const adder = useFetcher<TagFormAnswer>();
  // The fetcher's answer while there is one, else the plain POST's; a new tag list (the tag went on)
  // empties the box by remounting it.
  const errors = adder.state === "idle" ? (adder.data?.errors ?? answer?.errors ?? null) : null;
  const error = errors?.tag ?? errors?.intent ?? errors?.form;
  const busy = adder.state !== "idle";
  return (
    <Panel id="tags" title="Tags">
      {tags.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No tags yet.</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
          {tags.map((name) => (
            <RemovableTag key={name} name={name} />
          ))}
        </ul>
      )}
      <adder.Form method="post" preventScrollReset noValidate className="mt-4">
        <input type="hidden" name="intent" value="add-tag" />
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          Add tag
        </label>
        <div className="mt-1 flex gap-2">
          <input
            key={tags.join("\n")}
            id={id}
            name="tag"
            type="text"
            list={`${id}-suggestions`}
            autoComplete="off"
            maxLength={TAG_NAME_MAX}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${inputStyles} min-w-0 flex-1`}
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            Add
          </Button>
        </div>
        <FieldMessages id={id} error={error} />
      </adder.Form>
      <TagSuggestions id={`${id}-suggestions`} names={suggestions} />
    </Panel>
  );
}

/** One of the candidate's tags with its "Remove tag {name}" button (its own fetcher: removals run side by side). */
function RemovableTag({ name }: { name: string }) {
  const remover = useFetcher<TagFormAnswer>();
  const removing = remover.state !== "idle";
  return (
    <li className={`tag-chip gap-1 pr-1 ${removing ? "opacity-50" : ""}`}>
      <Link to={`/candidates?${new URLSearchParams({ tag: name })}`} className="hover:underline" title={`Candidates tagged ${name}`}>
        {name}
      </Link>
      <remover.Form method="post" preventScrollReset className="contents">
        <input type="hidden" name="intent" value="remove-tag" />
        <input type="hidden" name="tag" value={name} />
        <button
          type="submit"
          disabled={removing}
          aria-label={`Remove tag ${name}`}
          title={`Remove tag ${name}`}
          className="inline-flex size-6 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
            <path d="M6.28 5.22a.75.75 0 00-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 101.06 1.06L10 11.06l3.72 3.72a.75.75 0 101.06-1.06L11.06 10l3.72-3.72a.75.75 0 00-1.06-1.06L10 8.94 6.28 5.22z" />
          </svg>
        </button>
      </remover.Form>
    </li>
  );
}

/**
 * The candidates list's bar for the ticked candidates (decision 084): "Select all on this page", the tag
 * to put on or take off (the company's tags suggested), and "Add tag" / "Remove tag", which post the
 * ticked rows' `candidateIds` with the list's own form; `children` are the actions on their
 * applications (issue 13). Without JavaScript each row is ticked by hand.
 */
export function BulkTagBar({
  selected,
  onPage,
  hydrated,
  onSelectAll,
  suggestions,
  errors,
  children,
}: {
  /** How many rows are ticked, of `onPage`. */
  selected: number;
  onPage: number;
  hydrated: boolean;
  onSelectAll: (on: boolean) => void;
  suggestions: readonly string[];
  /** The action's refusal, if it refused. */
  errors: FieldErrors | null;
  children?: ReactNode;
}) {
  const id = useId();
  const tagError = errors?.tag;
  const error = errors?.candidateIds ?? errors?.intent ?? errors?.form;
  const none = hydrated && selected === 0;
  return (
    <div role="group" aria-label="Act on the selected candidates" className="mb-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SelectAllOnPage selected={selected} onPage={onPage} hydrated={hydrated} onSelectAll={onSelectAll} rows="candidate" />
        <p className="text-sm text-slate-600" aria-live="polite">
          {hydrated ? (selected === 0 ? "No candidates selected" : `${selected} selected`) : "Tick candidates, then choose an action"}
        </p>
        <div className="flex min-w-0 flex-1 basis-80 flex-wrap gap-2">
          <label htmlFor={id} className="sr-only">
            Tag to add or remove
          </label>
          <input
            id={id}
            name="tag"
            type="text"
            list={`${id}-suggestions`}
            autoComplete="off"
            maxLength={TAG_NAME_MAX}
            placeholder="Tag to add or remove"
            aria-invalid={tagError ? true : undefined}
            aria-describedby={tagError ? `${id}-error` : undefined}
            className={`${inputStyles} w-auto min-w-0 flex-1 basis-40`}
          />
          <TagSuggestions id={`${id}-suggestions`} names={suggestions} />
          <div className="flex gap-2">
            <Button type="submit" name="intent" value="add-tag" variant="secondary" disabled={none}>
              Add tag
            </Button>
            <Button type="submit" name="intent" value="remove-tag" variant="secondary" disabled={none}>
              Remove tag
            </Button>
          </div>
        </div>
      </div>
      <FieldMessages id={id} error={tagError} />
      {children}
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
