/** What a member's pages show of their taste (docs/rules/profiles.md#for-you, decision 0078). */

/** A member of close taste, as the own profile lists them: a link to their profile and how many rides they share. */
export type TasteNeighbourView = { userId: string; username: string; sharedRides: number };

/** A ride for the member ("Pour vous"), with the reason's number: close members who rated it 4 or more. */
export type RideSuggestionView = { name: string; slug: string; parkName: string; parkSlug: string; supporters: number };

/** How many rides the own profile's "Pour vous" lists; a park page lists at most PARK_SUGGESTIONS of its own. */
export const PROFILE_SUGGESTIONS = 10;
export const PARK_SUGGESTIONS = 3;
