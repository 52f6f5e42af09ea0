-- Extensions used by search (trigram + accent-insensitive) and case-insensitive e-mails.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so it can't back an index. This wrapper pins
-- the dictionary and is declared IMMUTABLE, which is what expression indexes require.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
