-- Moves user_rating_stats.park_score_sum (the best reviewers' average) by one rating's score.
CREATE OR REPLACE FUNCTION "user_rating_stats_add_score"("member" text, "score" numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF score < 0 THEN
    UPDATE user_rating_stats SET park_score_sum = park_score_sum + score WHERE user_id = member;
  -- A member deleted in this transaction (cascade) has no profile left: nothing to keep.
  ELSIF EXISTS (SELECT 1 FROM profiles p WHERE p.id = member) THEN
    INSERT INTO user_rating_stats AS s (user_id, park_score_sum) VALUES (member, score)
    ON CONFLICT (user_id) DO UPDATE SET park_score_sum = s.park_score_sum + excluded.park_score_sum;
  END IF;
END $$;
