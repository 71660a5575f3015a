/**
 * What a form on the park or attraction page asks for: its action URL carries
 * `?intent=…`, so the server knows how to read the body before reading it
 * (multipart with files, or a small urlencoded form).
 */
export const ADD_RIDE_INTENT = "add-attraction";
export const RATE_PARK_INTENT = "rate-park";
export const RATE_RIDE_INTENT = "rate-attraction";
export const VOTE_INTENT = "vote";
export const REPORT_INTENT = "report";

/**
 * The park page's address with its add-ride form open (docs/rules/catalogue.md#adding-a-ride): the form is folded
 * behind a link, which a script opens in place and the browser follows without one.
 */
export const ADD_RIDE_FORM_PARAM = "nouvelle-attraction";

/** The park page's intents: its action's table (app/routes/park.tsx) has one handler for each. */
export type ParkIntent = typeof ADD_RIDE_INTENT | typeof RATE_PARK_INTENT | typeof VOTE_INTENT | typeof REPORT_INTENT;
/** The ride page's intents. */
export type RideIntent = typeof RATE_RIDE_INTENT | typeof VOTE_INTENT | typeof REPORT_INTENT;
