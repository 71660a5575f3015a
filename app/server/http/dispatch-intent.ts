import { data } from "react-router";
import { requestT } from "../i18n";
import { readForm } from "./read-form";

/** A posted form's fields, read once: `text` is a field's string value ("" when absent or a file), `all` every string value of a name. */
export type PostedForm = { data: FormData; text: (name: string) => string; all: (name: string) => string[] };

/**
 * One post to an action with several intents (decision 0053). `form()` reads
 * the body at its first call: a handler that must look at allowances before a
 * body with pictures is read (decision 0040) reads it its own way instead.
 */
export type PostedIntent<Intent extends string = string> = { intent: Intent; request: Request; form: () => Promise<PostedForm> };

/** A route's intents and what each does: the table is the list of its writes (tests/integration/authorization-matrix.test.ts). */
export type IntentHandlers<Intent extends string, Args, Answer> = { [K in Intent]: (args: Args & { intent: K }) => Promise<Answer> | Answer };

/**
 * Runs the handler of `intent`, or answers an intent the table does not hold:
 * with `unknown` when the route's forms read a shape of their own (JSON, a
 * section's messages), otherwise a translated 400 for the route's error page.
 * Nothing is written for an unknown intent.
 */
export async function dispatch<Intent extends string, Args extends object, Answer>(
  request: Request,
  handlers: IntentHandlers<Intent, Args, Answer>,
  intent: unknown,
  args: Args,
  unknown?: (intent: string, args: Args) => Answer | Promise<Answer>,
): Promise<Answer> {
  if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) {
    if (unknown) return unknown(typeof intent === "string" ? intent : "", args);
    throw data(requestT(request)("errors.badRequest"), { status: 400 });
  }
  const known = intent as Intent;
  return handlers[known]({ ...args, intent: known });
}

/**
 * A form post's intent: `?intent=` in the action's address when the form names
 * it there (the park and ride pages' forms, whose bodies may carry pictures and
 * are read only after the allowance check), else the form's `intent` field
 * (a submit button's name and value: one form offers several actions). Both
 * work without JavaScript.
 */
export async function dispatchIntent<Intent extends string, Answer>(
  request: Request,
  handlers: IntentHandlers<Intent, PostedIntent, Answer>,
  unknown?: (intent: string, posted: PostedIntent) => Answer | Promise<Answer>,
): Promise<Answer> {
  let posted: Promise<PostedForm> | null = null;
  const form = () => (posted ??= readForm(request).then(postedForm));
  const intent = new URL(request.url).searchParams.get("intent") ?? (await form()).text("intent");
  return dispatch(request, handlers, intent, { intent, request, form }, unknown);
}

function postedForm(form: FormData): PostedForm {
  return {
    data: form,
    text: (name) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    },
    all: (name) => form.getAll(name).filter((value): value is string => typeof value === "string"),
  };
}
