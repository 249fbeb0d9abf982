import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorPage } from "./error-page";

/** What a loader's `throw data(message, { status })` reaches a boundary as. */
const routeError = (status: number, data: unknown) => ({ status, statusText: status === 404 ? "Not Found" : "Bad Request", internal: false, data });

const render = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);

describe("ErrorPage", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says Page not found for a 404 by default, and logs nothing", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const html = render(<ErrorPage error={routeError(404, "Job not found")} documentTitle />);
    expect(html).toContain("<title>Page not found | OpenHire</title>");
    expect(html).toContain("<h1");
    expect(html).toContain("Page not found</h1>");
    expect(html).toContain("The page you are looking for does not exist or has moved.");
    expect(html).toContain('href="/"');
    expect(log).not.toHaveBeenCalled();
  });

  it("says Unexpected Application Error! for anything else, and logs it", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("connection reset");
    const html = render(<ErrorPage error={failure} />);
    expect(html).toContain("Unexpected Application Error!</h1>");
    expect(html).toContain("Something went wrong on our side. Please try again in a moment.");
    expect(html).not.toContain("<title>");
    expect(log).toHaveBeenCalledWith(failure);
  });

  it("shows an area's own texts and way back", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const props = {
      notFound: { title: "Job not found", text: "Unable to load the job pipeline." },
      unexpected: { title: "Failed to load the job pipeline", text: "Unable to load the job pipeline." },
      back: { to: "/manage/jobs", label: "Back to Jobs" },
    };
    expect(render(<ErrorPage error={routeError(404, "x")} {...props} />)).toContain("Job not found</h1>");
    const failed = render(<ErrorPage error={new Error("boom")} {...props} />);
    expect(failed).toContain("Failed to load the job pipeline</h1>");
    expect(failed).toContain('href="/manage/jobs"');
    expect(failed).toContain("Back to Jobs");
  });

  it("shows the failure's own message when asked, but never the server's hidden one", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const unexpected = { title: "Error loading jobs", text: "Failed to load jobs", showMessage: true };
    expect(render(<ErrorPage error={routeError(400, "Unknown status")} unexpected={unexpected} />)).toContain("Unknown status");
    expect(render(<ErrorPage error={new Error("Unexpected Server Error")} unexpected={unexpected} />)).toContain("Failed to load jobs");
  });
});
