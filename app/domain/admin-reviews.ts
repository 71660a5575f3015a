/**
 * The back office's merged list of park and ride reviews ("Gestion des avis",
 * docs/rules/back-office.md#review-management), newest first.
 */
export const REVIEW_KINDS = ["park", "attraction"] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export function isReviewKind(value: string): value is ReviewKind {
  return (REVIEW_KINDS as readonly string[]).includes(value);
}

/** The type filter from the address; anything else reads as both kinds. */
export function readReviewKind(params: URLSearchParams): ReviewKind | null {
  const value = params.get("type") ?? "";
  return isReviewKind(value) ? value : null;
}

export type AdminReviewRow = {
  id: string;
  type: ReviewKind;
  createdAt: string;
  userId: string;
  username: string;
  /** The park's name for a park review, the ride's for a ride review. */
  targetName: string;
  parkName: string;
  /** A ride's rating, or a park rating's mean of its sub-ratings to one decimal. */
  score: number;
  /** At most COMMENT_PREVIEW_LENGTH characters and an ellipsis; null when the review has none. */
  comment: string | null;
  /** Hidden from the public pages by auto-moderation (decision 0017); the administrator still lists it. */
  hidden: boolean;
};

const COMMENT_PREVIEW_LENGTH = 120;

/** The list shows a comment's start only: the whole text stays on the public pages. */
export function commentPreview(comment: string | null): string | null {
  const text = comment?.trim() ?? "";
  if (text === "") return null;
  return text.length > COMMENT_PREVIEW_LENGTH ? `${text.slice(0, COMMENT_PREVIEW_LENGTH).trimEnd()}…` : text;
}
