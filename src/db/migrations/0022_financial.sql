CREATE TABLE "financial_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"categoria" text NOT NULL,
	"descricao" text NOT NULL,
	"descricao_busca" text GENERATED ALWAYS AS (f_unaccent(lower("financial_entries"."descricao"))) STORED NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"data_vencimento" date NOT NULL,
	"data_pagamento" date,
	"status" text DEFAULT 'pendente' NOT NULL,
	"forma_pagamento" text,
	"client_id" uuid,
	"case_id" uuid,
	"observacoes" text,
	"parcela_numero" integer,
	"parcela_total" integer,
	"grupo_id" uuid,
	"recorrente" boolean DEFAULT false NOT NULL,
	"recorrencia_origem_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "financial_entries_office_id_id_uq" UNIQUE("office_id","id"),
	CONSTRAINT "financial_entries_tipo_check" CHECK ("financial_entries"."tipo" in ('receita', 'despesa')),
	CONSTRAINT "financial_entries_categoria_check" CHECK ("financial_entries"."categoria" in ('honorarios', 'consultoria', 'custas', 'despesas_escritorio', 'outros')),
	CONSTRAINT "financial_entries_status_check" CHECK ("financial_entries"."status" in ('pendente', 'pago', 'cancelado')),
	CONSTRAINT "financial_entries_forma_pagamento_check" CHECK ("financial_entries"."forma_pagamento" in ('pix', 'transferencia', 'boleto', 'dinheiro', 'cartao')),
	CONSTRAINT "financial_entries_valor_check" CHECK ("financial_entries"."valor" > 0),
	CONSTRAINT "financial_entries_descricao_len" CHECK (char_length("financial_entries"."descricao") between 1 and 200),
	CONSTRAINT "financial_entries_observacoes_len" CHECK (char_length("financial_entries"."observacoes") <= 2000),
	CONSTRAINT "financial_entries_pagamento_check" CHECK (("financial_entries"."status" = 'pago') = ("financial_entries"."data_pagamento" is not null)),
	CONSTRAINT "financial_entries_parcela_check" CHECK ((("financial_entries"."parcela_numero" is null) = ("financial_entries"."parcela_total" is null)) and (("financial_entries"."parcela_total" is null) = ("financial_entries"."grupo_id" is null)) and "financial_entries"."parcela_numero" between 1 and "financial_entries"."parcela_total" and "financial_entries"."parcela_total" between 1 and 60),
	CONSTRAINT "financial_entries_recorrente_check" CHECK (not "financial_entries"."recorrente" or ("financial_entries"."tipo" = 'despesa' and "financial_entries"."parcela_total" is null))
);
--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_office_client_fk" FOREIGN KEY ("office_id","client_id") REFERENCES "public"."clients"("office_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_entries" ADD CONSTRAINT "financial_entries_office_case_fk" FOREIGN KEY ("office_id","case_id") REFERENCES "public"."cases"("office_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financial_entries_recorrencia_mes_uq" ON "financial_entries" USING btree ("recorrencia_origem_id","data_vencimento");--> statement-breakpoint
CREATE INDEX "financial_entries_office_vencimento_idx" ON "financial_entries" USING btree ("office_id","data_vencimento" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "financial_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "financial_entries_office_pagamento_idx" ON "financial_entries" USING btree ("office_id","tipo","status","data_pagamento","valor") WHERE "financial_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "financial_entries_office_status_vencimento_idx" ON "financial_entries" USING btree ("office_id","tipo","status","data_vencimento","valor") WHERE "financial_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "financial_entries_office_client_idx" ON "financial_entries" USING btree ("office_id","client_id");--> statement-breakpoint
CREATE INDEX "financial_entries_office_case_idx" ON "financial_entries" USING btree ("office_id","case_id");--> statement-breakpoint
CREATE INDEX "financial_entries_grupo_idx" ON "financial_entries" USING btree ("grupo_id") WHERE "financial_entries"."grupo_id" is not null;--> statement-breakpoint
CREATE INDEX "financial_entries_descricao_busca_trgm_idx" ON "financial_entries" USING gin ("descricao_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "financial_entries_deleted_idx" ON "financial_entries" USING btree ("deleted_at") WHERE "financial_entries"."deleted_at" is not null;