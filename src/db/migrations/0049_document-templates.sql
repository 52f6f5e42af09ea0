CREATE TABLE "document_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"source" text DEFAULT 'editor' NOT NULL,
	"html" text NOT NULL,
	"docx_storage_key" text,
	"seed_key" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "document_templates_office_id_uq" UNIQUE("office_id","id"),
	CONSTRAINT "document_templates_office_seed_uq" UNIQUE("office_id","seed_key"),
	CONSTRAINT "document_templates_docx_storage_key_uq" UNIQUE("docx_storage_key"),
	CONSTRAINT "document_templates_name_len" CHECK (char_length("document_templates"."name") between 1 and 120),
	CONSTRAINT "document_templates_kind_check" CHECK ("document_templates"."kind" in ('procuracao', 'contrato', 'declaracao', 'substabelecimento', 'recibo', 'outro')),
	CONSTRAINT "document_templates_source_check" CHECK ("document_templates"."source" in ('editor', 'docx')),
	CONSTRAINT "document_templates_docx_check" CHECK (("document_templates"."source" = 'docx') = ("document_templates"."docx_storage_key" is not null)),
	CONSTRAINT "document_templates_html_len" CHECK (char_length("document_templates"."html") <= 2000000),
	CONSTRAINT "document_templates_storage_key_len" CHECK (char_length("document_templates"."docx_storage_key") between 1 and 200),
	CONSTRAINT "document_templates_seed_key_len" CHECK (char_length("document_templates"."seed_key") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_templates_office_name_idx" ON "document_templates" USING btree ("office_id","name") WHERE "document_templates"."deleted_at" is null;