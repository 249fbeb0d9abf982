import { describe, expect, it } from "vitest";
import { parseForm } from "~/schemas/parse-form";
import { JobFormSchema, jobFormStateFromValues, MESSAGES, newJobFormState } from "~/schemas/job";
import { applyBuilderIntent, newStageIndex, parseBuilderIntent } from "./builder";

const base = { title: "Engineer", description: "Build things", type: "full-time" };

describe("the job form's schema", () => {
  it("answers the spec's messages", () => {
    expect(parseForm(JobFormSchema, {}).success).toBe(false);
    expect(parseForm(JobFormSchema, { "stages.0.name": "Applied" })).toMatchObject({
      errors: { title: "Job title is required", description: "Job description is required" },
    });
    expect(parseForm(JobFormSchema, { ...base, "stages.0.name": "Applied", salary_min: "90,000", salary_max: "80000" })).toMatchObject({
      errors: { salary_min: "Minimum salary cannot be greater than maximum salary." },
    });
    expect(parseForm(JobFormSchema, { ...base, "stages.0.name": "Applied", salary_min: "80000", salary_max: "90000" }).success).toBe(true);
  });

  it("drops unlabelled fields and blank stages, splits options and renumbers order", () => {
    const parsed = parseForm(JobFormSchema, {
      ...base,
      "fields.0.id": "a",
      "fields.0.type": "select",
      "fields.0.label": " Notice period ",
      "fields.0.required": "on",
      "fields.0.options": " Now, , 1 month ,",
      "fields.1.id": "b",
      "fields.1.type": "text",
      "fields.1.label": "   ",
      "fields.2.id": "c",
      "fields.2.type": "checkbox",
      "fields.2.label": "Can relocate",
      "fields.2.options": "ignored",
      "stages.0.name": "Applied",
      "stages.1.name": "  ",
      "stages.2.name": " Take-home ",
    });
    expect(parsed.success && parsed.data.form_schema).toEqual([
      { id: "a", type: "select", label: "Notice period", required: true, options: ["Now", "1 month"], order: 1 },
      { id: "c", type: "checkbox", label: "Can relocate", required: false, order: 2 },
    ]);
    expect(parsed.success && parsed.data.stages.map((s) => s.name)).toEqual(["Applied", "Take-home"]);
  });

  it("asks for options on a select or radio field and for an Applied stage", () => {
    const parsed = parseForm(JobFormSchema, {
      ...base,
      "fields.0.id": "a",
      "fields.0.type": "radio",
      "fields.0.label": "Pick one",
      "fields.0.options": " , ",
      "stages.0.name": "Screening",
    });
    expect(parsed).toMatchObject({ errors: { "form_schema.0.options": MESSAGES.optionsRequired, stages: MESSAGES.appliedStageRequired } });
  });
});

describe("the builder", () => {
  it("adds and removes fields and stages; removal renumbers", () => {
    let n = 0;
    const key = () => `k${++n}`;
    let state = newJobFormState();
    expect(state.stages.map((s) => s.name)).toHaveLength(8);
    state = applyBuilderIntent(state, { type: "add-field" }, key);
    state = applyBuilderIntent(state, { type: "add-field" }, key);
    state = applyBuilderIntent(state, { type: "remove-field", index: 0 }, key);
    expect(state.fields.map((f) => f.id)).toEqual(["k2"]);
    state = applyBuilderIntent(state, { type: "remove-stage", index: 1 }, key);
    state = applyBuilderIntent(state, { type: "add-stage" }, key);
    // Issue 13: a new stage goes before Hired and Rejected, not after them.
    expect(state.stages.map((s) => s.name)).toEqual([
      "Applied", "First Interview", "Technical Assessment", "Final Interview", "Offer", "", "Hired", "Rejected",
    ]);
  });

  it("puts a new stage before the closing stages at the end, whatever their case, and at the end without them", () => {
    const stages = (...names: string[]) => names.map((name, i) => ({ key: `s${i}`, id: "", name, description: "", entry_template_id: "", entry_delay_hours: "0" }));
    const added = (names: string[]) =>
      applyBuilderIntent({ ...newJobFormState(), stages: stages(...names) }, { type: "add-stage" }, () => "new").stages.map((s) => s.name || "(new)");
    expect(added(["Applied", "Offer", " hired ", "REJECTED"])).toEqual(["Applied", "Offer", "(new)", " hired ", "REJECTED"]);
    expect(added(["Applied", "Rejected"])).toEqual(["Applied", "(new)", "Rejected"]);
    // Only the closing stages at the end count: a Hired in the middle is an ordinary stage.
    expect(added(["Applied", "Hired", "Offer"])).toEqual(["Applied", "Hired", "Offer", "(new)"]);
    expect(added([])).toEqual(["(new)"]);
    expect(newStageIndex(stages("Hired", "Rejected"))).toBe(0);
  });

  it("moves a stage up or down, and leaves the ends as they are", () => {
    let state = { ...newJobFormState(), stages: ["A", "B", "C"].map((name) => ({ key: name, id: "", name, description: "", entry_template_id: "", entry_delay_hours: "0" })) };
    const names = () => state.stages.map((s) => s.name).join("");
    state = applyBuilderIntent(state, { type: "move-stage-up", index: 2 });
    expect(names()).toBe("ACB");
    state = applyBuilderIntent(state, { type: "move-stage-down", index: 0 });
    expect(names()).toBe("CAB");
    state = applyBuilderIntent(state, { type: "move-stage-up", index: 0 });
    state = applyBuilderIntent(state, { type: "move-stage-down", index: 2 });
    state = applyBuilderIntent(state, { type: "move-stage-down", index: 9 });
    expect(names()).toBe("CAB");
    expect(parseBuilderIntent("move-stage-up:4")).toEqual({ type: "move-stage-up", index: 4 });
    expect(parseBuilderIntent("move-stage-down:0")).toEqual({ type: "move-stage-down", index: 0 });
    expect(parseBuilderIntent("move-stage-sideways:0")).toBeUndefined();
  });

  it("reads intents and the form's rows back from posted values", () => {
    expect(parseBuilderIntent("remove-stage:3")).toEqual({ type: "remove-stage", index: 3 });
    expect(parseBuilderIntent("save")).toBeUndefined();
    const state = jobFormStateFromValues({ "stages.1.name": "B", "stages.0.name": "A", "stages.0.id": "x", "stage_moves.x": "y" });
    expect(state.stages.map((s) => [s.name, s.id])).toEqual([["A", "x"], ["B", ""]]);
    expect(state.stage_moves).toEqual({ x: "y" });
  });
});
