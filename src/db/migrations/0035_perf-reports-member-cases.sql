CREATE TABLE "report_member_cases" (
	"office_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"casos" integer NOT NULL,
	CONSTRAINT "report_member_cases_office_id_member_id_pk" PRIMARY KEY("office_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "report_member_cases" ADD CONSTRAINT "report_member_cases_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 019: report_member_cases counts, per member, the active cases (aberto/andamento, not in the trash)
-- they are responsible for. A membership added or removed counts if its case is active; a case becoming
-- active or not (status, trash, undo) counts for each of its members. A case deleted while active is uncounted
-- BEFORE the delete, while its memberships still exist (its cascade then finds no case to uncount). Offices
-- that no longer exist are skipped (the rollup's own cascade removes their rows).
CREATE OR REPLACE FUNCTION report_member_cases_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_member_cases AS r (office_id, member_id, casos)
    SELECT m.office_id, m.member_id, count(*) FROM new_rows m
    JOIN cases c ON c.office_id = m.office_id AND c.id = m.case_id
    JOIN offices o ON o.id = m.office_id
    WHERE c.deleted_at IS NULL AND c.status IN ('aberto', 'andamento')
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, member_id) DO UPDATE SET casos = r.casos + excluded.casos;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO report_member_cases AS r (office_id, member_id, casos)
    SELECT m.office_id, m.member_id, -count(*) FROM old_rows m
    JOIN cases c ON c.office_id = m.office_id AND c.id = m.case_id
    JOIN offices o ON o.id = m.office_id
    WHERE c.deleted_at IS NULL AND c.status IN ('aberto', 'andamento')
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, member_id) DO UPDATE SET casos = r.casos + excluded.casos;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER case_members_report_insert AFTER INSERT ON case_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_member_cases_members();
--> statement-breakpoint
CREATE TRIGGER case_members_report_update AFTER UPDATE ON case_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_member_cases_members();
--> statement-breakpoint
CREATE TRIGGER case_members_report_delete AFTER DELETE ON case_members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_member_cases_members();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_member_cases_cases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_member_cases AS r (office_id, member_id, casos)
  SELECT m.office_id, m.member_id, sum(d.delta) FROM (
    SELECT n.office_id, n.id, 1 AS delta FROM new_rows n
    WHERE n.deleted_at IS NULL AND n.status IN ('aberto', 'andamento')
    UNION ALL
    SELECT o.office_id, o.id, -1 AS delta FROM old_rows o
    WHERE o.deleted_at IS NULL AND o.status IN ('aberto', 'andamento')
  ) d
  JOIN case_members m ON m.office_id = d.office_id AND m.case_id = d.id
  JOIN offices f ON f.id = d.office_id
  GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (office_id, member_id) DO UPDATE SET casos = r.casos + excluded.casos;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_report_members_update AFTER UPDATE ON cases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_member_cases_cases();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_member_cases_case_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL AND OLD.status IN ('aberto', 'andamento')
     AND EXISTS (SELECT 1 FROM offices f WHERE f.id = OLD.office_id) THEN
    UPDATE report_member_cases r SET casos = r.casos - 1
    FROM case_members m
    WHERE m.office_id = OLD.office_id AND m.case_id = OLD.id
      AND r.office_id = m.office_id AND r.member_id = m.member_id;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_report_members_delete BEFORE DELETE ON cases FOR EACH ROW
  EXECUTE FUNCTION report_member_cases_case_deleted();
--> statement-breakpoint
-- The memberships that existed before this migration.
INSERT INTO report_member_cases (office_id, member_id, casos)
SELECT m.office_id, m.member_id, count(*) FROM case_members m
JOIN cases c ON c.office_id = m.office_id AND c.id = m.case_id
WHERE c.deleted_at IS NULL AND c.status IN ('aberto', 'andamento')
GROUP BY 1, 2;
