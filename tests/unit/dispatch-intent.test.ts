import { describe, expect, it, vi } from "vitest";
import { dispatch, dispatchIntent, type IntentHandlers, type PostedIntent } from "~/server/http/dispatch-intent";
import { refused, statusOf } from "~/server/http/refusal-status";

type Answer = { ran: string; field?: string };

const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://parcours.test${path}`, { method: "POST", body: new URLSearchParams(fields) });

function handlers(): IntentHandlers<"save" | "remove", PostedIntent, Answer> {
  return {
    save: vi.fn(async ({ intent, form }: PostedIntent) => ({ ran: intent, field: (await form()).text("name") })),
    remove: vi.fn(({ intent }: PostedIntent) => ({ ran: intent })),
  };
}

/** What a route's error page gets: React Router's thrown data, its status and message. */
async function thrownBy(run: () => Promise<unknown>) {
  const thrown: unknown = await run().then(
    () => null,
    (error: unknown) => error,
  );
  const { init, data } = (thrown ?? {}) as { init?: ResponseInit; data?: unknown };
  return { status: init?.status, data };
}

describe("dispatchIntent: one way to post to an action with several intents (decision 0053)", () => {
  it("runs the handler named by the form's intent field, the form read once", async () => {
    const table = handlers();
    expect(await dispatchIntent(post("/fr/account", { intent: "save", name: "Léa" }), table)).toEqual({ ran: "save", field: "Léa" });
    expect(table.remove).not.toHaveBeenCalled();
  });

  it("takes the intent from ?intent= when the address names it, without reading the body first", async () => {
    const table = handlers();
    const request = post("/fr/parc?intent=remove", { intent: "save" });
    expect(await dispatchIntent(request, table)).toEqual({ ran: "remove" });
    // The body is left for the handler (a picture's upload, read after the allowance check).
    expect(request.bodyUsed).toBe(false);
  });

  it("answers an unknown or missing intent with a translated 400 and runs nothing", async () => {
    for (const request of [post("/fr/account", { intent: "drop" }), post("/en/account", {}), post("/fr/parc?intent=toString", {})]) {
      const table = handlers();
      const thrown = await thrownBy(() => dispatchIntent(request, table));
      expect(thrown.status).toBe(400);
      expect(thrown.data).toBe(new URL(request.url).pathname.startsWith("/en") ? "Invalid request" : "Requête invalide");
      expect(table.save).not.toHaveBeenCalled();
      expect(table.remove).not.toHaveBeenCalled();
    }
  });

  it("lets a route answer an unknown intent in its forms' own shape", async () => {
    expect(await dispatchIntent(post("/fr/account", { intent: "drop" }), handlers(), (intent) => ({ ran: `unknown ${intent}` }))).toEqual({ ran: "unknown drop" });
  });

  it("dispatches an intent read elsewhere (a JSON body's) the same way", async () => {
    const table: IntentHandlers<"save", { body: string }, string> = { save: ({ body, intent }) => `${intent} ${body}` };
    const request = post("/api/plans/x", {});
    expect(await dispatch(request, table, "save", { body: "plan" })).toBe("save plan");
    expect(await dispatch(request, table, 42, { body: "plan" }, () => "refused")).toBe("refused");
  });
});

describe("refusal-status: the one mapping from a service's refusal to a status", () => {
  it("gives each reason its status", () => {
    expect(
      (["invalid", "unauthenticated", "forbidden", "notFound", "conflict", "tooLarge", "tooMany", "failed", "unavailable"] as const).map(statusOf),
    ).toEqual([400, 401, 403, 404, 409, 413, 429, 500, 503]);
  });

  it("answers the refusal's value with that status", () => {
    const answer = refused({ ok: false }, "conflict");
    expect(answer.data).toEqual({ ok: false });
    expect(answer.init?.status).toBe(409);
  });
});
