-- Issue 33 item 3: a keyword of two characters (a Chinese given name, the most usual search
-- of the user list) has no trigram, so pg_trgm's indexes (0026) cannot serve it and every
-- account was read. The list finds it among the two-character pieces of the login name and
-- the name (admin-user.repository.ts keywordMatch): for two characters, `ilike '%ab%'` and
-- "ab is one of the pieces" are the same test. Immutable, so an index may hold it.
CREATE FUNCTION user_search_bigrams(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(array_agg(DISTINCT substr(lower(value), position, 2)), '{}')
      FROM generate_series(1, char_length(value) - 1) AS position
  $$;--> statement-breakpoint
CREATE INDEX "users_search_bigrams_idx" ON "users" USING gin ((user_search_bigrams("username") || user_search_bigrams("name")));
