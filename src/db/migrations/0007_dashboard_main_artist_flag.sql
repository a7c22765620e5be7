ALTER TABLE "artist" ADD COLUMN "has_main_release" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "release_latest_listed_idx" ON "release" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE type <> 'TrackRelease';--> statement-breakpoint
-- artist.has_main_release: credited as MainArtist on some release. Kept per statement from the
-- changed release_contributor rows; a flag only flips when it has to (so the artist's live-update
-- trigger fires only then). ENABLE ALWAYS: exact under session_replication_role = replica too.
CREATE OR REPLACE FUNCTION mark_main_artists() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    UPDATE artist a SET has_main_release = true
     WHERE NOT a.has_main_release
       AND a.id IN (SELECT artist_id FROM new_rows WHERE role = 'MainArtist' AND artist_id IS NOT NULL);
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE artist a SET has_main_release = false
     WHERE a.has_main_release
       AND a.id IN (SELECT artist_id FROM old_rows WHERE role = 'MainArtist' AND artist_id IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM release_contributor rc WHERE rc.artist_id = a.id AND rc.role = 'MainArtist');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clear_main_artists() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE artist SET has_main_release = false WHERE has_main_release;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "release_contributor_main_insert" AFTER INSERT ON "release_contributor" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_main_artists();
--> statement-breakpoint
CREATE TRIGGER "release_contributor_main_update" AFTER UPDATE ON "release_contributor" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_main_artists();
--> statement-breakpoint
CREATE TRIGGER "release_contributor_main_delete" AFTER DELETE ON "release_contributor" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_main_artists();
--> statement-breakpoint
CREATE TRIGGER "release_contributor_main_truncate" AFTER TRUNCATE ON "release_contributor" FOR EACH STATEMENT EXECUTE FUNCTION clear_main_artists();
--> statement-breakpoint
ALTER TABLE "release_contributor" ENABLE ALWAYS TRIGGER "release_contributor_main_insert";
--> statement-breakpoint
ALTER TABLE "release_contributor" ENABLE ALWAYS TRIGGER "release_contributor_main_update";
--> statement-breakpoint
ALTER TABLE "release_contributor" ENABLE ALWAYS TRIGGER "release_contributor_main_delete";
--> statement-breakpoint
ALTER TABLE "release_contributor" ENABLE ALWAYS TRIGGER "release_contributor_main_truncate";
--> statement-breakpoint
UPDATE artist a SET has_main_release = true
 WHERE EXISTS (SELECT 1 FROM release_contributor rc WHERE rc.artist_id = a.id AND rc.role = 'MainArtist');
