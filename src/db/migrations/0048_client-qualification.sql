ALTER TABLE "clients" ADD COLUMN "nacionalidade" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "estado_civil" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "rg" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "rg_orgao_emissor" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "representante_nome" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "representante_cpf" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "representante_cargo" text;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_nacionalidade_len" CHECK (char_length("clients"."nacionalidade") between 1 and 60);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_estado_civil_check" CHECK ("clients"."estado_civil" in ('solteiro', 'casado', 'divorciado', 'separado', 'viuvo', 'uniao_estavel'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_rg_shape" CHECK ("clients"."rg" ~ '^[0-9A-Za-z][0-9A-Za-z./ -]{0,19}$');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_rg_orgao_len" CHECK (char_length("clients"."rg_orgao_emissor") between 1 and 20);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_representante_nome_len" CHECK (char_length("clients"."representante_nome") between 1 and 160);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_representante_cpf_digits" CHECK ("clients"."representante_cpf" ~ '^[0-9]{11}$');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_representante_cargo_len" CHECK (char_length("clients"."representante_cargo") between 1 and 120);