import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { describe, expectTypeOf, it } from "vitest";
import { usePageFormFetcher } from "~/components/use-page-form-fetcher";
import type { RidePageAnswer, ParkPageAnswer, RateParkAnswer, ReviewIntentAnswer } from "~/domain/page-answers";
import { RATE_PARK_INTENT, REPORT_INTENT, VOTE_INTENT } from "~/domain/page-intents";
import type { action as rideAction } from "~/routes/attraction";
import type { action as parkAction } from "~/routes/park";
import type { reviewIntentHandlers } from "~/server/reviews/review-intents";

/** What an action sends its page, with `data(value, status)` unwrapped as React Router does. */
type AnswerOf<Action extends (...args: never[]) => unknown> =
  Awaited<ReturnType<Action>> extends infer Answer ? (Answer extends DataWithResponseInit<infer Value> ? Value : Answer) : never;

/**
 * The members' forms of the park and attraction pages read the answer types of
 * app/domain/page-answers.ts; these checks (run by `tsc`, which type-checks
 * the tests) hold the actions to exactly those types.
 */
describe("page actions answer the types their forms read", () => {
  it("the park and attraction actions answer their pages' answer types", () => {
    expectTypeOf<AnswerOf<typeof parkAction>>().toEqualTypeOf<ParkPageAnswer>();
    expectTypeOf<AnswerOf<typeof rideAction>>().toEqualTypeOf<RidePageAnswer>();
    type ReviewHandlers = ReturnType<typeof reviewIntentHandlers>;
    expectTypeOf<AnswerOf<ReviewHandlers[typeof VOTE_INTENT]> | AnswerOf<ReviewHandlers[typeof REPORT_INTENT]>>().toEqualTypeOf<ReviewIntentAnswer>();
  });

  it("an action answering another shape does not compile", () => {
    const renamed: typeof parkAction = async () =>
      // @ts-expect-error `saved` renamed: the park page's rating form would no longer see its success.
      ({ intent: RATE_PARK_INTENT, result: "created" });
    const wrongValue: typeof parkAction = async () =>
      // @ts-expect-error a value the form does not know.
      ({ intent: RATE_PARK_INTENT, saved: "replaced" });
    expectTypeOf(renamed).toBeFunction();
    expectTypeOf(wrongValue).toBeFunction();
  });

  it("a form reads only its own intent's answer", () => {
    // Never called: hooks run in components; `tsc` checks the calls.
    const typeOnly = () => {
      expectTypeOf(usePageFormFetcher<RateParkAnswer>({ intent: RATE_PARK_INTENT }).result).toEqualTypeOf<RateParkAnswer | undefined>();
      // @ts-expect-error the rating form's answer is not the vote's.
      usePageFormFetcher<RateParkAnswer>({ intent: VOTE_INTENT });
    };
    expectTypeOf(typeOnly).toBeFunction();
  });
});
