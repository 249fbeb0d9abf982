import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, TextAreaField } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { CareersSettingsSchema, INTRO_MAX, SLUG_MAX } from "~/schemas/careers";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { SettingsSection, SettingsSubsection, useSubmitting } from "./settings-section";

export interface CareersData {
  name: string;
  slug: string | null;
  brandColor: string | null;
  careersIntro: string | null;
  logoSrc: string | null;
  baseUrl: string;
}

/** The snippet a company pastes into its own site to show its open jobs (decision 108). */
export function embedSnippet(baseUrl: string, slug: string, name: string): string {
  return `<iframe src="${baseUrl}/companies/${slug}/embed" title="Jobs at ${name.replace(/"/g, "&quot;")}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
}

/** Settings › Careers page: the address, colour, introduction and logo of /companies/{slug}, and the snippet for the company's own site. */
export function CareersSection({ careers, answer }: { careers: CareersData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(CareersSettingsSchema, errorsFor(answer, "careers"));
  const busy = useSubmitting("careers");
  const values = valuesFor(answer, "careers");
  const path = careers.slug ? `/companies/${careers.slug}` : null;
  return (
    <SettingsSection id="careers" title="Careers page" description="Your own page of open jobs, with your logo and colour, and a list of them for your website.">
      <div className="space-y-6">
        {path ? (
          <p className="text-sm text-slate-700">
            Your careers page:{" "}
            <Link to={path} target="_blank" className="font-semibold text-brand-700 hover:text-brand-800">
              {careers.baseUrl}
              {path}
            </Link>
          </p>
        ) : null}
        <Form method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
          <input type="hidden" name="intent" value="careers" />
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Address"
              name="slug"
              defaultValue={values?.slug ?? careers.slug ?? ""}
              error={errors.slug}
              maxLength={SLUG_MAX}
              autoCapitalize="none"
              spellCheck={false}
              hint={`${careers.baseUrl}/companies/…: lowercase letters, digits and hyphens`}
              required
            />
            <Field
              label="Brand colour"
              name="brandColor"
              type="color"
              defaultValue={values?.brandColor ?? careers.brandColor ?? "#4f46e5"}
              error={errors.brandColor}
              className="[&_input]:h-10 [&_input]:p-1"
              hint="The page's banner and Apply buttons; the text on it is chosen to read well"
            />
          </div>
          <TextAreaField
            label="Introduction"
            name="careersIntro"
            rows={5}
            maxLength={INTRO_MAX}
            defaultValue={values?.careersIntro ?? careers.careersIntro ?? ""}
            error={errors.careersIntro}
            hint="Markdown works here: who you are, how you work, what candidates can expect"
          />
          <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
            {careers.logoSrc ? (
              <img src={careers.logoSrc} alt={`${careers.name} logo`} className="size-16 rounded-lg border border-slate-200 bg-white object-contain p-1" />
            ) : null}
            <div className="space-y-2">
              <Field label="Logo" name="logo" type="file" accept="image/png,image/jpeg,image/webp" error={errors.logo} hint="PNG, JPEG or WebP, at most 1 MB" />
              {careers.logoSrc ? (
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" name="removeLogo" className="size-4 rounded border-slate-300 text-brand-600" />
                  Remove the logo
                </label>
              ) : null}
            </div>
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save careers page"}
          </Button>
        </Form>
        {careers.slug ? (
          <SettingsSubsection title="Show your jobs on your website">
            <p className="text-sm text-slate-600">Paste this where the list should appear. It shows your open jobs and opens each on OpenHire to apply.</p>
            <label htmlFor="embed-snippet" className="sr-only">
              Embed snippet
            </label>
            <textarea
              id="embed-snippet"
              readOnly
              rows={3}
              value={embedSnippet(careers.baseUrl, careers.slug, careers.name)}
              className="field-control mt-2 w-full font-mono text-xs"
            />
          </SettingsSubsection>
        ) : null}
        {careers.slug ? (
          <SettingsSubsection title="Feeds">
            <p className="text-sm text-slate-600">Job sites and readers take your open jobs from these addresses, updated as you post and close jobs.</p>
            <dl className="mt-2 space-y-1 text-sm">
              {[
                ["Indeed (XML)", "indeed.xml"],
                ["RSS", "feed.rss"],
                ["Atom", "feed.atom"],
              ].map(([label, file]) => (
                <div key={file} className="flex flex-wrap gap-x-2">
                  <dt className="font-medium text-slate-900">{label}</dt>
                  <dd className="break-all font-mono text-xs leading-5 text-slate-700">
                    {careers.baseUrl}/companies/{careers.slug}/{file}
                  </dd>
                </div>
              ))}
            </dl>
          </SettingsSubsection>
        ) : null}
      </div>
    </SettingsSection>
  );
}
