DROP INDEX "clients_nome_trgm_idx";--> statement-breakpoint
DROP INDEX "cases_titulo_trgm_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (f_unaccent(lower("clients"."nome_completo"))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "titulo_busca" text GENERATED ALWAYS AS (f_unaccent(lower("cases"."titulo"))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_nome_busca_trgm_idx" ON "clients" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cases_titulo_busca_trgm_idx" ON "cases" USING gin ("titulo_busca" gin_trgm_ops);