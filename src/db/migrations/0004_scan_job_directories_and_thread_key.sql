CREATE TABLE "scan_job_directories" (
	"job_id" uuid NOT NULL,
	"path" text NOT NULL,
	"depth" integer NOT NULL,
	"sort_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"page_token" text,
	"batch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_job_directories_pk" PRIMARY KEY("job_id","path"),
	CONSTRAINT "scan_job_directories_status_check" CHECK ("status" IN ('pending', 'done'))
);
--> statement-breakpoint
ALTER TABLE "ddex_file" ADD COLUMN "thread_key" text;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD COLUMN "kind" text DEFAULT 'scan' NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD COLUMN "file_ids" uuid[];--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD COLUMN "processed_files" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD COLUMN "error_files" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_job_directories" ADD CONSTRAINT "scan_job_directories_job_id_scan_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."scan_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_job_directories_claim_idx" ON "scan_job_directories" USING btree ("job_id","status","sort_key","depth","path");--> statement-breakpoint
CREATE INDEX "ddex_file_thread_key_idx" ON "ddex_file" USING btree ("thread_key","message_created_at","source_path");--> statement-breakpoint
CREATE INDEX "ddex_file_source_folder_idx" ON "ddex_file" USING btree ("source_id","delivery_folder");--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD CONSTRAINT "scan_jobs_kind_check" CHECK ("kind" IN ('scan', 'metadata'));