import { useSearchParams } from "react-router";

/**
 * The page's query as hidden fields, but for `drop`: a GET form (a confirmation asked without
 * JavaScript, a template chosen) then lands on the same view of the page, e.g. the same tab of an
 * application (decision 100), with its own field added.
 */
export function KeptQuery({ drop }: { drop: readonly string[] }) {
  const [searchParams] = useSearchParams();
  return (
    <>
      {[...searchParams].filter(([key]) => !drop.includes(key)).map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

/** The current query with `key` set to `value` (or removed when null), as a `?…` search, or "" when empty. */
export function withQuery(search: URLSearchParams, key: string, value: string | null): string {
  const next = new URLSearchParams(search);
  if (value === null) next.delete(key);
  else next.set(key, value);
  const text = next.toString();
  return text ? `?${text}` : "";
}
