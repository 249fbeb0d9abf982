import { LocalDate } from "~/components/ui/local-date";
import { type CvKind, type CvTextStatus, fileSizeLabel } from "~/schemas/cv";

export interface CvSummary {
  id: string;
  fileName: string;
  kind: CvKind;
  sizeBytes: number;
  textStatus: CvTextStatus;
  pages: number | null;
  createdAt: string;
  uploadedBy: string | null;
  textStart: string | null;
  textLength: number | null;
}

const TEXT_STATUS_NOTES: Record<CvTextStatus, string | null> = {
  pending: "Reading the text of this CV… Reload the page in a moment to see it.",
  text: null,
  no_text: "This CV has no text to read: it may be a scanned image. Download it to read it.",
  failed: "The text of this CV could not be read. Download it to read it.",
};

/**
 * A candidate's CVs (decision 083): each one's name, size and date with a download link, and the
 * newest one previewed: a PDF in a frame its response locks down (decision 081), any
 * other kind as the text read from it. Candidates' text is rendered as text, never as HTML.
 */
export function CvList({ candidateId, cvs }: { candidateId: string; cvs: readonly CvSummary[] }) {
  if (cvs.length === 0) return <p className="mt-3 text-sm text-slate-600">No CV yet. A CV sent with an application appears here.</p>;
  const [newest] = cvs;
  const href = (cv: CvSummary) => `/candidates/${candidateId}/cvs/${cv.id}`;
  return (
    <div className="mt-3 space-y-4">
      <ul className="divide-y divide-slate-100">
        {cvs.map((cv) => (
          <li key={cv.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{cv.fileName}</p>
              <p className="text-xs text-slate-500">
                {cv.kind.toUpperCase()} · {fileSizeLabel(cv.sizeBytes)}
                {cv.pages ? ` · ${cv.pages} ${cv.pages === 1 ? "page" : "pages"}` : ""} · <LocalDate value={cv.createdAt} />
                {cv.uploadedBy ? ` · added by ${cv.uploadedBy}` : ""}
              </p>
            </div>
            <a href={href(cv)} download={cv.fileName} className="text-sm font-semibold text-brand-600 hover:text-brand-700">
              Download<span className="sr-only"> {cv.fileName}</span>
            </a>
          </li>
        ))}
      </ul>
      {newest ? <CvPreview cv={newest} src={`${href(newest)}?preview`} /> : null}
    </div>
  );
}

function CvPreview({ cv, src }: { cv: CvSummary; src: string }) {
  const note = TEXT_STATUS_NOTES[cv.textStatus];
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700">Preview of {cv.fileName}</h3>
      {cv.kind === "pdf" ? (
        <iframe
          title={`CV: ${cv.fileName}`}
          src={src}
          // No sandbox attribute: Chromium shows no PDF in a sandboxed frame. The response sandboxes
          // the document itself (its own Content-Security-Policy: nothing runs, nothing is fetched,
          // only our pages may frame it), and PDFs with scripts or actions were refused at upload.
          className="mt-2 h-[36rem] w-full rounded-lg border border-slate-200 bg-slate-50"
        />
      ) : note ? (
        <p className="mt-2 text-sm text-slate-600">{note}</p>
      ) : (
        <div className="mt-2 max-h-[36rem] overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-4">
          <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800">{cv.textStart}</p>
          {cv.textLength !== null && cv.textStart !== null && cv.textLength > cv.textStart.length ? (
            <p className="mt-3 text-xs text-slate-500">The preview shows the start of the text. Download the CV to read all of it.</p>
          ) : null}
        </div>
      )}
      {cv.kind === "pdf" && note ? <p className="mt-2 text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}
