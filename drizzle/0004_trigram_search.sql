-- Trigram indexes make the search suggestions' "contains" matches fast on large tables.
-- pg_trgm is a trusted extension: a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
