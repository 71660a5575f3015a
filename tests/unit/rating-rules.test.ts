import { describe, expect, it } from "vitest";
import { checkRideRatingForm, checkParkRatingForm, checkReportForm } from "~/domain/rating-forms";
import { countsAfterVote, voteAfterClick } from "~/domain/rating-rules";

describe("park rating form (docs/rules/ratings.md#park-rating-form)", () => {
  const stars = { kidsFriendly: "0", familyFriendly: "4", thrill: "5", theming: "0", operations: "3", value: "0" };

  it("reads 0 stars as not given and requires the visit duration", () => {
    const missing = checkParkRatingForm(stars);
    expect(!missing.ok && missing.errors.visitDuration).toEqual([{ key: "ratings.errors.visitDurationRequired" }]);
    const read = checkParkRatingForm({ ...stars, visitDuration: "full_day", comment: "  Top  " });
    expect(read.ok && read.data).toEqual({
      stars: { kidsFriendly: null, familyFriendly: 4, thrill: 5, theming: null, operations: 3, value: null },
      visitDuration: "full_day",
      comment: "Top",
    });
  });

  it("wants at least one star, stars from 0 to 5, and a comment within the limit", () => {
    const none = checkParkRatingForm({ visitDuration: "half_day" });
    expect(!none.ok && none.errors.form).toEqual([{ key: "ratings.errors.atLeastOneStar" }]);
    const six = checkParkRatingForm({ ...stars, thrill: "6", visitDuration: "half_day" });
    expect(!six.ok && six.errors.thrill).toEqual([{ key: "ratings.errors.stars" }]);
    const long = checkParkRatingForm({ ...stars, visitDuration: "half_day", comment: "x".repeat(2001) });
    expect(!long.ok && long.errors.comment).toEqual([{ key: "ratings.errors.commentTooLong", values: { max: 2000 } }]);
  });
});

describe("attraction rating form (docs/rules/ratings.md#ride-rating-form)", () => {
  it("requires a 1–5 rating and the audience; the comment is optional", () => {
    const read = checkRideRatingForm({ rating: "0", audienceType: "everyone" });
    expect(!read.ok && read.errors).toEqual({ rating: [{ key: "ratings.errors.ratingRequired" }], audienceType: [{ key: "ratings.errors.audienceRequired" }] });
    expect(checkRideRatingForm({ rating: "4", audienceType: "kids" })).toEqual({ ok: true, data: { rating: 4, audienceType: "kids", comment: null } });
  });
});

describe("report form", () => {
  it("requires a reason within the limit, trimmed", () => {
    expect(checkReportForm({ reason: "   " })).toEqual({ ok: false, errors: { reason: [{ key: "ratings.errors.reportReasonRequired" }] } });
    expect(checkReportForm({ reason: "x".repeat(501) })).toEqual({
      ok: false,
      errors: { reason: [{ key: "ratings.errors.reportReasonTooLong", values: { max: 500 } }] },
    });
    expect(checkReportForm({ reason: " Hors sujet " })).toEqual({ ok: true, data: { reason: "Hors sujet" } });
  });
});

describe("review votes (docs/rules/ratings.md#votes)", () => {
  it("clicking the same vote removes it, the other replaces it", () => {
    expect(voteAfterClick("none", "helpful")).toBe("helpful");
    expect(voteAfterClick("helpful", "helpful")).toBe("none");
    expect(voteAfterClick("helpful", "unhelpful")).toBe("unhelpful");
    expect(voteAfterClick("unhelpful", "unhelpful")).toBe("none");
  });

  it("moves the counts with the vote", () => {
    const start = { helpfulCount: 3, unhelpfulCount: 1, myVote: "helpful" as const };
    expect(countsAfterVote(start, "unhelpful")).toEqual({ helpfulCount: 2, unhelpfulCount: 2, myVote: "unhelpful" });
    expect(countsAfterVote(start, "none")).toEqual({ helpfulCount: 2, unhelpfulCount: 1, myVote: "none" });
    expect(countsAfterVote(start, "helpful")).toEqual(start);
  });
});
