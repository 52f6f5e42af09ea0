CREATE TABLE "case_members" (
	"office_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_members_pk" PRIMARY KEY("case_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "case_members" ADD CONSTRAINT "case_members_office_case_fk" FOREIGN KEY ("office_id","case_id") REFERENCES "public"."cases"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_members" ADD CONSTRAINT "case_members_office_member_fk" FOREIGN KEY ("office_id","member_id") REFERENCES "public"."office_members"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_members_office_member_case_idx" ON "case_members" USING btree ("office_id","member_id","case_id");--> statement-breakpoint
-- Backfill: every existing case gets its creator's membership (in the case's office) as responsible.
INSERT INTO "case_members" ("office_id", "case_id", "member_id")
SELECT c."office_id", c."id", m."id"
FROM "cases" c
JOIN "office_members" m ON m."office_id" = c."office_id" AND m."user_id" = c."created_by"
ON CONFLICT DO NOTHING;
