import { data } from "react-router";
import { requestT } from "../i18n";

/**
 * The form posted to a page's action. A body no form of ours sends — a
 * multipart body that does not parse, a NUL byte in a value, which PostgreSQL
 * refuses in any text — is refused here, before anything is read or written:
 * a 400 with a translated message for the route's error page, not a 500 from deep inside the database.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await request.formData().catch(() => null);
  if (!form || [...form.values()].some((value) => typeof value === "string" && value.includes("\0"))) {
    throw data(requestT(request)("errors.unreadableForm"), { status: 400 });
  }
  return form;
}
