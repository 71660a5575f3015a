-- The years of the credit figures are moved by differences (ride_credit_years_added and _removed, decision 0075):
-- the function that counted a member's years again from their entries is no longer run.
DROP FUNCTION IF EXISTS "ride_credit_years_refresh"(text[], integer[]);
