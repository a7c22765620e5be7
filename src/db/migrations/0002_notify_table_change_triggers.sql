-- Live updates: every change to a watched table sends {table, op, id} on channel table_changes.
-- The server LISTENs and fans it out over SSE. Only the id travels (NOTIFY payloads are capped at
-- 8 KB); clients re-read what they need. Identical payloads within a transaction are merged by
-- PostgreSQL, so a bulk update of one row sends one event.
CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  row_id text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_id := OLD.id::text;
  ELSE
    row_id := NEW.id::text;
  END IF;
  PERFORM pg_notify(
    'table_changes',
    json_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'id', row_id)::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sources_notify_change" ON "sources";
--> statement-breakpoint
CREATE TRIGGER "sources_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "sources"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "partner_notify_change" ON "partner";
--> statement-breakpoint
CREATE TRIGGER "partner_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "partner"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "ddex_file_notify_change" ON "ddex_file";
--> statement-breakpoint
CREATE TRIGGER "ddex_file_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "ddex_file"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "artist_notify_change" ON "artist";
--> statement-breakpoint
CREATE TRIGGER "artist_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "artist"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "scan_jobs_notify_change" ON "scan_jobs";
--> statement-breakpoint
CREATE TRIGGER "scan_jobs_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "scan_jobs"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "import_jobs_notify_change" ON "import_jobs";
--> statement-breakpoint
CREATE TRIGGER "import_jobs_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "import_jobs"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "release_notify_change" ON "release";
--> statement-breakpoint
CREATE TRIGGER "release_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "release"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "resource_notify_change" ON "resource";
--> statement-breakpoint
CREATE TRIGGER "resource_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "resource"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "asset_notify_change" ON "asset";
--> statement-breakpoint
CREATE TRIGGER "asset_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "asset"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "delivery_jobs_notify_change" ON "delivery_jobs";
--> statement-breakpoint
CREATE TRIGGER "delivery_jobs_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "delivery_jobs"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "audio_conversion_jobs_notify_change" ON "audio_conversion_jobs";
--> statement-breakpoint
CREATE TRIGGER "audio_conversion_jobs_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "audio_conversion_jobs"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "video_conversion_jobs_notify_change" ON "video_conversion_jobs";
--> statement-breakpoint
CREATE TRIGGER "video_conversion_jobs_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "video_conversion_jobs"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "delivery_destinations_notify_change" ON "delivery_destinations";
--> statement-breakpoint
CREATE TRIGGER "delivery_destinations_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "delivery_destinations"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "contamination_jobs_notify_change" ON "contamination_jobs";
--> statement-breakpoint
CREATE TRIGGER "contamination_jobs_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "contamination_jobs"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_roles_notify_change" ON "user_roles";
--> statement-breakpoint
CREATE TRIGGER "user_roles_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION notify_table_change();
