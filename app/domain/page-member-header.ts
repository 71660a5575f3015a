/**
 * The request header naming the member a page was rendered for: the plans', the ride log's and the wait reports' addresses refuse the
 * request when the session is someone else's (docs/decisions/0041), so a page never sends one member's changes with another's session.
 */
export const PAGE_MEMBER_HEADER = "X-Parcours-Page-Member";
