CREATE TABLE "pix_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"txid" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"payload" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_charges_office_txid_uq" UNIQUE("office_id","txid"),
	CONSTRAINT "pix_charges_entry_uq" UNIQUE("entry_id"),
	CONSTRAINT "pix_charges_valor_check" CHECK ("pix_charges"."valor" > 0),
	CONSTRAINT "pix_charges_txid_check" CHECK ("pix_charges"."txid" ~ '^[A-Za-z0-9]{1,25}$')
);
--> statement-breakpoint
CREATE TABLE "fee_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"case_id" uuid,
	"modelo" text NOT NULL,
	"valor_fixo" numeric(14, 2),
	"parcelas" integer,
	"primeiro_vencimento" date,
	"percentual_exito" numeric(5, 2),
	"valor_causa" numeric(14, 2),
	"condicoes" text,
	"validade" date NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"accepted_at" timestamp with time zone,
	"receivables_grupo_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_proposals_modelo_check" CHECK ("fee_proposals"."modelo" in ('fixo', 'parcelado', 'exito', 'misto')),
	CONSTRAINT "fee_proposals_status_check" CHECK ("fee_proposals"."status" in ('rascunho', 'enviada', 'aceita', 'recusada')),
	CONSTRAINT "fee_proposals_fixo_check" CHECK (("fee_proposals"."modelo" in ('fixo', 'parcelado', 'misto')) = ("fee_proposals"."valor_fixo" is not null and "fee_proposals"."parcelas" is not null and "fee_proposals"."primeiro_vencimento" is not null)),
	CONSTRAINT "fee_proposals_valor_fixo_check" CHECK ("fee_proposals"."valor_fixo" > 0),
	CONSTRAINT "fee_proposals_parcelas_check" CHECK ("fee_proposals"."parcelas" between 1 and 60),
	CONSTRAINT "fee_proposals_exito_check" CHECK (("fee_proposals"."modelo" in ('exito', 'misto')) = ("fee_proposals"."percentual_exito" is not null)),
	CONSTRAINT "fee_proposals_percentual_check" CHECK ("fee_proposals"."percentual_exito" > 0 and "fee_proposals"."percentual_exito" <= 100),
	CONSTRAINT "fee_proposals_valor_causa_check" CHECK ("fee_proposals"."valor_causa" > 0),
	CONSTRAINT "fee_proposals_condicoes_len" CHECK (char_length("fee_proposals"."condicoes") <= 4000),
	CONSTRAINT "fee_proposals_aceita_check" CHECK (("fee_proposals"."status" = 'aceita') = ("fee_proposals"."accepted_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_office_entry_fk" FOREIGN KEY ("office_id","entry_id") REFERENCES "public"."financial_entries"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_proposals" ADD CONSTRAINT "fee_proposals_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_proposals" ADD CONSTRAINT "fee_proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_proposals" ADD CONSTRAINT "fee_proposals_office_client_fk" FOREIGN KEY ("office_id","client_id") REFERENCES "public"."clients"("office_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_proposals" ADD CONSTRAINT "fee_proposals_office_case_fk" FOREIGN KEY ("office_id","case_id") REFERENCES "public"."cases"("office_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_proposals_office_created_idx" ON "fee_proposals" USING btree ("office_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fee_proposals_office_client_idx" ON "fee_proposals" USING btree ("office_id","client_id");--> statement-breakpoint
CREATE INDEX "fee_proposals_office_case_idx" ON "fee_proposals" USING btree ("office_id","case_id");