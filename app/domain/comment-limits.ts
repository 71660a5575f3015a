/** Review comments: long enough for a real review, short enough to read (also a database check). */
export const COMMENT_MAX_LENGTH = 2000;

/** A report's reason: required, and a sentence or two. */
export const REPORT_REASON_MAX_LENGTH = 500;
