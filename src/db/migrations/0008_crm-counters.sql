CREATE TABLE "crm_counters" (
	"office_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"valor" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "crm_counters_office_id_entity_status_pk" PRIMARY KEY("office_id","entity","status")
);
--> statement-breakpoint
DROP INDEX "cases_office_status_valor_idx";