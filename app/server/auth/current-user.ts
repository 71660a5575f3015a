import type { CurrentUser } from "~/domain/current-user";
import type { Executor } from "../db/database";

/**
 * The signed-in user of a request, or null. Accounts and sessions arrive with
 * the accounts issue; until then every visitor is signed out.
 */
export async function getOptionalUser(_request: Request, _db: Executor): Promise<CurrentUser | null> {
  return null;
}
