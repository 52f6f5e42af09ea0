DROP INDEX "publications_texto_trgm_idx";--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "texto_busca" text GENERATED ALWAYS AS (f_unaccent(lower("publications"."texto_plain"))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "publications_busca_trgm_idx" ON "publications" USING gin ("texto_busca" gin_trgm_ops);