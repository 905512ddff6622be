-- Custom migration (docs/decisions/063-users.md): the operator's user search matches any part of an RA
-- number, name or email through a trigram index, which needs pg_trgm (PGlite loads it in client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
