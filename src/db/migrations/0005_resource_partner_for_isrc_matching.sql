ALTER TABLE "resource" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "resource" ADD CONSTRAINT "resource_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_partner_isrc_idx" ON "resource" USING btree ("partner_id","isrc");