import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { inputStyles } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { activeMentionQuery, encodeMentions, mentionName, mentionsForEditing, NOTE_MAX } from "~/schemas/note";

export interface NoteMember {
  userId: string;
  name: string;
  email: string;
}

/** The most suggestions the list shows at once. */
const SHOWN = 8;

function matches(member: NoteMember, query: string): boolean {
  const q = query.toLowerCase();
  return member.name.toLowerCase().split(/\s+/).some((word) => word.startsWith(q)) || member.name.toLowerCase().startsWith(q) || member.email.toLowerCase().startsWith(q);
}

/**
 * A note's textarea with teammate suggestions (decision 098): typing `@` and the start of a name
 * lists the company's members under it; ↑ and ↓ move through them, Enter or Tab writes the chosen
 * one as a mention, Escape closes the list, and a click chooses too. The textarea keeps the focus
 * throughout (the list is its `aria-activedescendant`). A mention reads `@Name` in the textarea, as
 * in the note; the form sends the note with each chosen name as its mention token (`body`, a hidden
 * field written by `encodeMentions`). Without JavaScript it is a plain textarea of the note as
 * stored, tokens and all, and a typed `@Name` stays text.
 */
export function NoteEditor({
  label,
  defaultValue = "",
  members,
  error,
  rows = 3,
  autoFocus,
}: {
  label: string;
  rows?: number;
  defaultValue?: string;
  members: readonly NoteMember[];
  error?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const listId = `${id}-teammates`;
  const ref = useRef<HTMLTextAreaElement>(null);
  const hydrated = useHydrated();
  const [editing] = useState(() => mentionsForEditing(defaultValue));
  /** The teammates chosen (and those the note mentioned already): name as written → id. */
  const [picked, setPicked] = useState(editing.picked);
  const [value, setValue] = useState(editing.text);
  const [query, setQuery] = useState<{ query: string; at: number } | null>(null);
  const [active, setActive] = useState(0);
  /** Where the caret goes once the value a chosen mention wrote is on the page. */
  const caretAfterCommit = useRef<number | null>(null);

  const options = query ? members.filter((member) => matches(member, query.query)).slice(0, SHOWN) : [];
  const open = options.length > 0;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  function follow(textarea: HTMLTextAreaElement) {
    const next = activeMentionQuery(textarea.value.slice(0, textarea.selectionStart));
    if (next?.at !== query?.at || next?.query !== query?.query) setActive(0);
    setQuery(next);
  }

  function choose(member: NoteMember) {
    const textarea = ref.current;
    if (!textarea || !query) return;
    const name = mentionName(member.name);
    setPicked((before) => new Map(before).set(name, member.userId));
    const token = `@${name} `;
    const before = value.slice(0, query.at);
    const next = `${before}${token}${value.slice(textarea.selectionStart)}`;
    setValue(next);
    setQuery(null);
    // Once React has written the new value (which puts the caret at the end), the caret goes after the
    // mention: in the same commit, before the next key a fast typist presses.
    caretAfterCommit.current = before.length + token.length;
  }

  useLayoutEffect(() => {
    const caret = caretAfterCommit.current;
    const textarea = ref.current;
    if (caret === null || !textarea) return;
    caretAfterCommit.current = null;
    textarea.focus();
    textarea.setSelectionRange(caret, caret);
  }, [value]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      choose(options[activeIndex]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setQuery(null);
    }
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative mt-1">
        <textarea
          ref={ref}
          id={id}
          // Before the page runs its JavaScript, the note as stored is what the form sends.
          name={hydrated ? undefined : "body"}
          rows={rows}
          maxLength={NOTE_MAX}
          value={hydrated ? value : defaultValue}
          autoFocus={autoFocus}
          onChange={(event) => {
            setValue(event.target.value);
            follow(event.target);
          }}
          onKeyDown={onKeyDown}
          onKeyUp={(event) => {
            if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) follow(event.currentTarget);
          }}
          onClick={(event) => follow(event.currentTarget)}
          onBlur={() => setQuery(null)}
          className={inputStyles}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
        />
        {hydrated ? <input type="hidden" name="body" value={encodeMentions(value, picked)} /> : null}
        {open ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Teammates"
            className="absolute left-0 right-0 top-full z-20 mt-1 max-h-64 overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg sm:right-auto sm:min-w-72"
          >
            {options.map((member, index) => (
              <li
                key={member.userId}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                // Keeps the focus in the textarea, so the click chooses instead of closing the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(member)}
                onMouseEnter={() => setActive(index)}
                className={`cursor-pointer px-3 py-2 ${index === activeIndex ? "bg-brand-50 text-brand-800" : "text-slate-800"}`}
              >
                <span className="font-medium">{member.name}</span>
                {member.name !== member.email ? <span className="block text-xs text-slate-500">{member.email}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        Type @ to mention a teammate. Links and line breaks are kept.
      </p>
      <p className="sr-only" aria-live="polite">
        {open ? `${options.length} ${options.length === 1 ? "teammate" : "teammates"} found. Up and down to move, Enter to choose.` : ""}
      </p>
    </div>
  );
}
