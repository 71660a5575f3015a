import type { Language } from "~/domain/languages";
import type { MessageTree } from "~/i18n/message-tree";
import type { MessageScope } from "~/i18n/route-messages";
import { pickedOnce } from "./picked-messages";

/**
 * The ride page's members' messages (decision 0068): the ride log's controls, which only members see
 * (docs/rules/ride-log.md#logging-a-ride), come in `memberMessages`, not in the visitors' page.
 */
const MEMBERS: readonly MessageScope[] = ["rideLog", "auth.errors.suspended"];

export function rideMembersMessages(language: Language): MessageTree {
  return pickedOnce(language, MEMBERS, "ride members");
}
