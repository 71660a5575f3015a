/**
 * The six park sub-ratings (docs/rules/catalogue.md#park-scores), in display order. A module of its
 * own so that pages listing reviews need not load the rating forms' rules.
 */
export const PARK_RATING_CATEGORIES = ["kidsFriendly", "familyFriendly", "thrill", "theming", "operations", "value"] as const;
export type ParkRatingCategory = (typeof PARK_RATING_CATEGORIES)[number];
