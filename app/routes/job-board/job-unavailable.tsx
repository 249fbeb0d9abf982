import { Link } from "react-router";

/** Spec section 8: a job that is missing, or not published, with Back to Job Board. */
export function JobUnavailable({ reason }: { reason: "missing" | "closed" }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {reason === "missing" ? "Job not found or no longer available" : "This job is no longer accepting applications"}
      </h1>
      <p className="mt-4 text-slate-600">The job posting you&apos;re looking for might have been removed or is no longer available.</p>
      <Link to="/jobs" className="mt-8 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
        Back to Job Board
      </Link>
    </section>
  );
}

/** The `meta` of a page showing JobUnavailable: a title, and kept out of search engines. */
export function unavailableMeta(reason: "missing" | "closed") {
  return [
    { title: reason === "missing" ? "Job not found | OpenHire" : "Job no longer available | OpenHire" },
    { name: "description", content: "The job posting you're looking for might have been removed or is no longer available." },
    { name: "robots", content: "noindex" },
  ];
}
