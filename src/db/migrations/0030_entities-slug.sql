-- Entities (issue 13, features/entities). An entidade's public page is /entidades/:slug. The directory's
-- slug comes from nome_completo, which for an entidade is the PERSON who registered it: that name must
-- not be published in the entity's address. This trigger runs before profiles_directory_before (triggers
-- of one event fire in name order) and gives an entidade a slug from its entity name; the directory's
-- trigger then keeps it (it only fills an empty slug). directory_slug_base is the directory's function.
CREATE OR REPLACE FUNCTION profiles_entity_slug_before() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.slug = '' AND NEW.user_type = 'entidade' AND coalesce(trim(NEW.nome_entidade), '') <> '' THEN
    NEW.slug := directory_slug_base(NEW.nome_entidade) || '-' || left(replace(NEW.id::text, '-', ''), 8);
    IF EXISTS (SELECT 1 FROM profiles WHERE slug = NEW.slug) THEN
      NEW.slug := directory_slug_base(NEW.nome_entidade) || '-' || replace(NEW.id::text, '-', '');
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_0_entity_slug_before BEFORE INSERT ON "profiles" FOR EACH ROW EXECUTE FUNCTION profiles_entity_slug_before();--> statement-breakpoint
-- Entities that already exist get the same kind of address (no entity page was public before this issue).
UPDATE "profiles" SET "slug" = directory_slug_base("nome_entidade") || '-' || left(replace("id"::text, '-', ''), 12)
  WHERE "user_type" = 'entidade' AND coalesce(trim("nome_entidade"), '') <> '';
