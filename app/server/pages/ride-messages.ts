import type { Language } from "~/domain/languages";
import type { MessageTree } from "~/i18n/message-tree";
import { pickedOnce } from "./picked-messages";

/**
 * The ride page's members' messages (decision 0068): the ride log's controls, which only members see
 * (docs/rules/ride-log.md#logging-a-ride), come in `memberMessages`, not in the visitors' page.
 */
export function rideMembersMessages(language: Language): MessageTree {
  return pickedOnce(language, ["rideLog"], "ride members");
}
