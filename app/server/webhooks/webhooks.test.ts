import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS, WebhookEndpointSchema } from "~/schemas/webhooks";
import { ACTIVITY_TYPES } from "../../../db/schema";
import type { ActivityEventInput } from "../activity/activity-types";
import { newWebhookSecret, webhookHeaders } from "./delivery.server";
import { webhookEventOf } from "./events.server";

describe("a webhook's signature", () => {
  it("is what the Standard Webhooks reference library verifies, and nothing else", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: "candidate.hired", timestamp: "2026-11-27T10:00:00.000Z", data: { application_id: "a" } });
    const headers = webhookHeaders(secret, "8f9e2c3a-1b4d-4e5f-9a8b-7c6d5e4f3a2b", body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    // An old timestamp is refused by receivers: each attempt signs with its own time.
    const old = webhookHeaders(secret, "id", body, Math.floor(Date.now() / 1000) - 3600);
    expect(() => new Webhook(secret).verify(body, old)).toThrow();
  });
});

describe("the webhook event of a company event", () => {
  const base = { companyId: "c", actorId: "u", subjectId: "s" };

  it("maps every activity to an event or, for the hiring team's own, to none", () => {
    const samples: Record<string, unknown> = {
      candidateName: "Ada",
      jobId: "j",
      jobTitle: "Engineer",
      stageName: "Applied",
      fileName: "f.csv",
      fromStageId: "s1",
      fromStageName: "Applied",
      toStageId: "s2",
      toStageName: "Screen",
      hiredOn: "2026-11-27",
      reviewers: [],
      recommendation: "yes",
      emailId: "e",
      subject: "Re",
      title: "Interview",
      when: "Mon",
      interviewers: ["Bo"],
      until: "Tue",
      from: "active",
      to: "rejected",
      keptName: "Ada",
      mergedName: "Ada L",
      mergedEmail: "ada@example.test",
      applicationsMoved: 1,
    };
    const mapped = ACTIVITY_TYPES.map((type) => {
      const subjectType = type.startsWith("application_") ? "application" : type.startsWith("candidate") ? "candidate" : "job";
      return [type, webhookEventOf({ ...base, type, subjectType, data: samples } as unknown as ActivityEventInput)?.type ?? null];
    });
    expect(Object.fromEntries(mapped)).toEqual({
      application_received: "application.created",
      application_added: "application.created",
      application_imported: "application.created",
      application_stage_moved: "application.stage_changed",
      application_status_changed: "application.status_changed",
      application_hired: "candidate.hired",
      application_feedback_requested: null,
      application_feedback_submitted: "scorecard.submitted",
      application_reply_received: null,
      application_interview_scheduled: "interview.scheduled",
      application_interview_rescheduled: "interview.rescheduled",
      application_interview_cancelled: "interview.cancelled",
      application_scheduling_link_sent: null,
      application_interview_booked: "interview.scheduled",
      application_candidate_update: null,
      candidates_merged: "candidate.merged",
      job_posted: "job.created",
      job_status_changed: "job.status_changed",
    });
    // Every event an endpoint can subscribe to comes from some activity.
    expect(new Set(mapped.map(([, event]) => event).filter(Boolean))).toEqual(new Set(WEBHOOK_EVENTS));
  });

  it("carries a stage change's stages and who moved it", () => {
    const event = webhookEventOf({
      ...base,
      type: "application_stage_moved",
      subjectType: "application",
      data: { candidateName: "Ada", jobId: "j", fromStageId: null, fromStageName: null, toStageId: "s2", toStageName: "Screen" },
    });
    expect(event).toEqual({
      type: "application.stage_changed",
      data: { application_id: "s", job_id: "j", candidate_name: "Ada", from_stage: null, to_stage: { id: "s2", name: "Screen" }, actor_id: "u" },
    });
  });
});

describe("the endpoint form", () => {
  it("takes one event or many, in the list's order, each once", () => {
    expect(WebhookEndpointSchema.parse({ url: "https://example.com/h", events: "candidate.hired" }).events).toEqual(["candidate.hired"]);
    expect(WebhookEndpointSchema.parse({ url: " https://example.com/h ", events: ["job.created", "application.created", "job.created"] })).toEqual({
      url: "https://example.com/h",
      description: "",
      events: ["application.created", "job.created"],
    });
    for (const url of ["example.com", "javascript:alert(1)", "https://user:pass@example.com/", "file:///etc/passwd"]) {
      expect(WebhookEndpointSchema.safeParse({ url, events: "job.created" }).success, url).toBe(false);
    }
  });
});
