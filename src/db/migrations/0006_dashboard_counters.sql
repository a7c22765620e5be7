CREATE TABLE "row_count_delta" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "row_count_delta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"counter" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "row_count_delta_counter_idx" ON "row_count_delta" USING btree ("counter");--> statement-breakpoint
CREATE INDEX "ddex_file_ready_idx" ON "ddex_file" USING btree ("id") WHERE import_eligible AND imported_at IS NULL;--> statement-breakpoint
CREATE INDEX "release_contributor_main_artist_idx" ON "release_contributor" USING btree ("artist_id") WHERE role = 'MainArtist';--> statement-breakpoint
-- Exact counts for the dashboard (see src/db/schema/counts.ts): one delta row per statement.
-- Transition tables allow one event per trigger, hence a trigger per event. ENABLE ALWAYS keeps
-- them firing under session_replication_role = replica (bulk loads), so the counts stay exact.
CREATE OR REPLACE FUNCTION count_resource_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_count_delta (counter, delta) SELECT 'resource', count(*) FROM new_rows HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_count_delta (counter, delta) SELECT 'resource', -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_listed_release_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  change bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO change FROM new_rows WHERE type <> 'TrackRelease';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO change FROM old_rows WHERE type <> 'TrackRelease';
  ELSE
    -- A re-import may change a release's type (to or from TrackRelease, rarely).
    SELECT (SELECT count(*) FROM new_rows WHERE type <> 'TrackRelease') - (SELECT count(*) FROM old_rows WHERE type <> 'TrackRelease') INTO change;
  END IF;
  IF change <> 0 THEN
    INSERT INTO row_count_delta (counter, delta) VALUES ('release_listed', change);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reset_row_counter() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_count_delta WHERE counter = TG_ARGV[0];
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "resource_count_insert" AFTER INSERT ON "resource" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_resource_rows();
--> statement-breakpoint
CREATE TRIGGER "resource_count_delete" AFTER DELETE ON "resource" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_resource_rows();
--> statement-breakpoint
CREATE TRIGGER "resource_count_truncate" AFTER TRUNCATE ON "resource" FOR EACH STATEMENT EXECUTE FUNCTION reset_row_counter('resource');
--> statement-breakpoint
CREATE TRIGGER "release_count_insert" AFTER INSERT ON "release" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_listed_release_rows();
--> statement-breakpoint
CREATE TRIGGER "release_count_delete" AFTER DELETE ON "release" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_listed_release_rows();
--> statement-breakpoint
CREATE TRIGGER "release_count_update" AFTER UPDATE ON "release" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_listed_release_rows();
--> statement-breakpoint
CREATE TRIGGER "release_count_truncate" AFTER TRUNCATE ON "release" FOR EACH STATEMENT EXECUTE FUNCTION reset_row_counter('release_listed');
--> statement-breakpoint
ALTER TABLE "resource" ENABLE ALWAYS TRIGGER "resource_count_insert";
--> statement-breakpoint
ALTER TABLE "resource" ENABLE ALWAYS TRIGGER "resource_count_delete";
--> statement-breakpoint
ALTER TABLE "resource" ENABLE ALWAYS TRIGGER "resource_count_truncate";
--> statement-breakpoint
ALTER TABLE "release" ENABLE ALWAYS TRIGGER "release_count_insert";
--> statement-breakpoint
ALTER TABLE "release" ENABLE ALWAYS TRIGGER "release_count_delete";
--> statement-breakpoint
ALTER TABLE "release" ENABLE ALWAYS TRIGGER "release_count_update";
--> statement-breakpoint
ALTER TABLE "release" ENABLE ALWAYS TRIGGER "release_count_truncate";
--> statement-breakpoint
-- Rows that exist already.
INSERT INTO row_count_delta (counter, delta)
  SELECT 'resource', count(*) FROM resource UNION ALL SELECT 'release_listed', count(*) FROM release WHERE type <> 'TrackRelease';
