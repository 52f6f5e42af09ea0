-- Keeps crm_counters (clients.table.ts) in step with clients and cases: per office and status, how many
-- non-deleted rows there are and, for cases, the sum of valor_causa. Statement-level triggers with transition
-- tables: one aggregated upsert per statement, so a bulk insert of 5 000 rows updates each counter once.
-- Counter rows are upserted in (office_id, status) order, so two concurrent statements always lock them in
-- the same order and can't deadlock each other.
CREATE OR REPLACE FUNCTION crm_count_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO crm_counters AS c (office_id, entity, status, n)
    SELECT office_id, 'client', status, count(*) FROM new_rows WHERE deleted_at IS NULL
    GROUP BY office_id, status ORDER BY office_id, status
    ON CONFLICT (office_id, entity, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO crm_counters AS c (office_id, entity, status, n)
    SELECT office_id, 'client', status, sum(delta) FROM (
      SELECT office_id, status, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT office_id, status, -1 AS delta FROM old_rows WHERE deleted_at IS NULL
    ) d
    GROUP BY office_id, status HAVING sum(delta) <> 0 ORDER BY office_id, status
    ON CONFLICT (office_id, entity, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO crm_counters AS c (office_id, entity, status, n)
    SELECT office_id, 'client', status, -count(*) FROM old_rows WHERE deleted_at IS NULL
    GROUP BY office_id, status ORDER BY office_id, status
    ON CONFLICT (office_id, entity, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crm_count_cases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO crm_counters AS c (office_id, entity, status, n, valor)
    SELECT office_id, 'case', status, count(*), coalesce(sum(valor_causa), 0) FROM new_rows
    WHERE deleted_at IS NULL
    GROUP BY office_id, status ORDER BY office_id, status
    ON CONFLICT (office_id, entity, status) DO UPDATE SET n = c.n + excluded.n, valor = c.valor + excluded.valor;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO crm_counters AS c (office_id, entity, status, n, valor)
    SELECT office_id, 'case', status, sum(delta), sum(valor) FROM (
      SELECT office_id, status, 1 AS delta, coalesce(valor_causa, 0) AS valor FROM new_rows
      WHERE deleted_at IS NULL
      UNION ALL
      SELECT office_id, status, -1 AS delta, -coalesce(valor_causa, 0) AS valor FROM old_rows
      WHERE deleted_at IS NULL
    ) d
    GROUP BY office_id, status HAVING sum(delta) <> 0 OR sum(valor) <> 0 ORDER BY office_id, status
    ON CONFLICT (office_id, entity, status) DO UPDATE SET n = c.n + excluded.n, valor = c.valor + excluded.valor;
  ELSE
    INSERT INTO crm_counters AS c (office_id, entity, status, n, valor)
    SELECT office_id, 'case', status, -count(*), -coalesce(sum(valor_causa), 0) FROM old_rows
    WHERE deleted_at IS NULL
    GROUP BY office_id, status ORDER BY office_id, status
    ON CONFLICT (office_id, entity, status) DO UPDATE SET n = c.n + excluded.n, valor = c.valor + excluded.valor;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_count_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_clients();
--> statement-breakpoint
CREATE TRIGGER clients_count_update AFTER UPDATE ON clients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_clients();
--> statement-breakpoint
CREATE TRIGGER clients_count_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_clients();
--> statement-breakpoint
CREATE TRIGGER cases_count_insert AFTER INSERT ON cases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_cases();
--> statement-breakpoint
CREATE TRIGGER cases_count_update AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_cases();
--> statement-breakpoint
CREATE TRIGGER cases_count_delete AFTER DELETE ON cases REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_count_cases();
--> statement-breakpoint
-- Rows that existed before this migration.
INSERT INTO crm_counters (office_id, entity, status, n)
SELECT office_id, 'client', status, count(*) FROM clients WHERE deleted_at IS NULL GROUP BY office_id, status;
--> statement-breakpoint
INSERT INTO crm_counters (office_id, entity, status, n, valor)
SELECT office_id, 'case', status, count(*), coalesce(sum(valor_causa), 0) FROM cases WHERE deleted_at IS NULL
GROUP BY office_id, status;
