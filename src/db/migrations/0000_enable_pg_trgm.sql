-- Trigram indexes (gin_trgm_ops) back the case-insensitive substring searches of the lists.
-- PGlite loads the extension's code at open (see client.ts); PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
