ALTER TABLE "profiles" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "perfil_publico" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "atende_video" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "mostrar_honorarios" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "oab_verificado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "ordem_diretorio" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_dir_rank_idx" ON "profiles" USING btree ("ordem_diretorio" desc,"id" desc) WHERE perfil_publico and user_type = 'advogado';--> statement-breakpoint
CREATE INDEX "profiles_dir_estado_idx" ON "profiles" USING btree ("estado_id","ordem_diretorio" desc,"id" desc) WHERE perfil_publico and user_type = 'advogado';--> statement-breakpoint
CREATE INDEX "profiles_dir_cidade_idx" ON "profiles" USING btree ("cidade_id","ordem_diretorio" desc,"id" desc) WHERE perfil_publico and user_type = 'advogado';--> statement-breakpoint
CREATE INDEX "profiles_dir_nome_trgm_idx" ON "profiles" USING gin (f_unaccent(lower("nome_completo")) gin_trgm_ops) WHERE perfil_publico and user_type = 'advogado';--> statement-breakpoint
CREATE INDEX "profiles_dir_oab_idx" ON "profiles" USING btree (ltrim(regexp_replace("oab_numero", '[^0-9]', '', 'g'), '0'),"oab_estado") WHERE perfil_publico and user_type = 'advogado';--> statement-breakpoint
CREATE INDEX "lawyer_practice_areas_area_user_idx" ON "lawyer_practice_areas" USING btree ("area","user_id");--> statement-breakpoint
-- Directory (issue 13, features/directory). Written by hand below: slug and order are kept by the database
-- so every insert path (sign-up, seeds, tests, admin) gets them without knowing the rules.
-- The slug: lowercase ascii words of the name + the start of the row id; set once, never rewritten.
CREATE OR REPLACE FUNCTION directory_slug_base(nome text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(nullif(trim(both '-' from left(regexp_replace(f_unaccent(lower(coalesce(nome, ''))), '[^a-z0-9]+', '-', 'g'), 60)), ''), 'perfil') $$;--> statement-breakpoint
-- The order of the directory: 1000 for a verified OAB, then completeness 0..100: what a client looks at
-- first (photo, bio, areas) weighs most. Never anything paid.
CREATE OR REPLACE FUNCTION directory_rank(p profiles) RETURNS integer
  LANGUAGE sql STABLE
  AS $$ SELECT
    (CASE WHEN p.oab_verificado_em IS NOT NULL THEN 1000 ELSE 0 END)
    + (CASE WHEN p.avatar_url IS NOT NULL THEN 15 ELSE 0 END)
    + (CASE WHEN coalesce(p.bio_profissional, '') <> '' THEN 15 ELSE 0 END)
    + (CASE WHEN p.anos_experiencia IS NOT NULL THEN 10 ELSE 0 END)
    + (CASE WHEN p.cidade_id IS NOT NULL THEN 10 ELSE 0 END)
    + (CASE WHEN p.oab_numero IS NOT NULL AND p.oab_estado IS NOT NULL THEN 10 ELSE 0 END)
    + (CASE WHEN p.linkedin_url IS NOT NULL OR p.site_pessoal IS NOT NULL THEN 5 ELSE 0 END)
    + (CASE WHEN p.faixa_honorarios_min IS NOT NULL OR p.faixa_honorarios_max IS NOT NULL THEN 5 ELSE 0 END)
    + (CASE WHEN EXISTS (SELECT 1 FROM lawyer_practice_areas x WHERE x.user_id = p.user_id) THEN 15 ELSE 0 END)
    + (CASE WHEN EXISTS (SELECT 1 FROM lawyer_services x WHERE x.user_id = p.user_id) THEN 5 ELSE 0 END)
    + (CASE WHEN EXISTS (SELECT 1 FROM lawyer_education x WHERE x.user_id = p.user_id) THEN 5 ELSE 0 END)
    + (CASE WHEN EXISTS (SELECT 1 FROM lawyer_languages x WHERE x.user_id = p.user_id)
         OR EXISTS (SELECT 1 FROM lawyer_certifications x WHERE x.user_id = p.user_id)
         OR EXISTS (SELECT 1 FROM lawyer_publications x WHERE x.user_id = p.user_id)
         OR EXISTS (SELECT 1 FROM lawyer_success_cases x WHERE x.user_id = p.user_id)
         OR EXISTS (SELECT 1 FROM lawyer_events x WHERE x.user_id = p.user_id) THEN 5 ELSE 0 END)
  $$;--> statement-breakpoint
UPDATE "profiles" SET "slug" = directory_slug_base("nome_completo") || '-' || left(replace("id"::text, '-', ''), 12), "ordem_diretorio" = directory_rank("profiles");--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_directory_before() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.slug = '' THEN
    NEW.slug := directory_slug_base(NEW.nome_completo) || '-' || left(replace(NEW.id::text, '-', ''), 8);
    IF EXISTS (SELECT 1 FROM profiles WHERE slug = NEW.slug) THEN
      NEW.slug := directory_slug_base(NEW.nome_completo) || '-' || replace(NEW.id::text, '-', '');
    END IF;
  END IF;
  NEW.ordem_diretorio := directory_rank(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
-- Only the columns the order depends on: last_seen_at (written every minute by signed-in users) and the
-- visibility switches do not recompute it. A collection change sets ordem_diretorio to recompute it.
CREATE TRIGGER profiles_directory_before BEFORE INSERT OR UPDATE OF "nome_completo", "avatar_url", "bio_profissional", "anos_experiencia", "cidade_id", "oab_numero", "oab_estado", "linkedin_url", "site_pessoal", "faixa_honorarios_min", "faixa_honorarios_max", "oab_verificado_em", "ordem_diretorio" ON "profiles" FOR EACH ROW EXECUTE FUNCTION profiles_directory_before();--> statement-breakpoint
CREATE OR REPLACE FUNCTION lawyer_collection_directory_after() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE profiles SET ordem_diretorio = 0 WHERE user_id = coalesce(NEW.user_id, OLD.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lawyer_practice_areas_directory AFTER INSERT OR DELETE ON "lawyer_practice_areas" FOR EACH ROW EXECUTE FUNCTION lawyer_collection_directory_after();--> statement-breakpoint
CREATE TRIGGER lawyer_services_directory AFTER INSERT OR DELETE ON "lawyer_services" FOR EACH ROW EXECUTE FUNCTION lawyer_collection_directory_after();--> statement-breakpoint
CREATE TRIGGER lawyer_education_directory AFTER INSERT OR DELETE ON "lawyer_education" FOR EACH ROW EXECUTE FUNCTION lawyer_collection_directory_after();--> statement-breakpoint
CREATE TRIGGER lawyer_languages_directory AFTER INSERT OR DELETE ON "lawyer_languages" FOR EACH ROW EXECUTE FUNCTION lawyer_collection_directory_after();--> statement-breakpoint
CREATE TRIGGER lawyer_certifications_directory AFTER INSERT OR DELETE ON "lawyer_certifications" FOR EACH ROW EXECUTE FUNCTION lawyer_collection_directory_after();--> statement-breakpoint
CREATE TRIGGER lawyer_publications_directory AFTER INSERT OR DELETE ON "lawyer_publications" FOR EACH ROW EXECUTE FUNCTION lawyer_collection_directory_after();--> statement-breakpoint
CREATE TRIGGER lawyer_success_cases_directory AFTER INSERT OR DELETE ON "lawyer_success_cases" FOR EACH ROW EXECUTE FUNCTION lawyer_collection_directory_after();--> statement-breakpoint
CREATE TRIGGER lawyer_events_directory AFTER INSERT OR DELETE ON "lawyer_events" FOR EACH ROW EXECUTE FUNCTION lawyer_collection_directory_after();--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_slug_unique" UNIQUE("slug");
