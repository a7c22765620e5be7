CREATE TABLE "auth_account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "auth_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	CONSTRAINT "auth_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"party_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"storage_type" text DEFAULT 'bunny_cdn' NOT NULL,
	"storage_zone" text NOT NULL,
	"access_key" text,
	"gcs_project_id" text,
	"gcs_bucket_name" text,
	"gcs_service_account_key" text,
	"endpoint_url" text,
	"region" text,
	"access_key_id" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"last_connected" timestamp with time zone,
	"last_scanned_at" timestamp with time zone,
	"last_error" text,
	"files_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sources_storage_type_check" CHECK ("storage_type" IN ('bunny_cdn', 'google_cloud', 'local', 's3')),
	CONSTRAINT "sources_status_check" CHECK ("status" IN ('active', 'inactive', 'error'))
);
--> statement-breakpoint
CREATE TABLE "ddex_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"source_path" text NOT NULL,
	"source_bucket" text,
	"delivery_folder" text,
	"batch_id" text,
	"partner_id" uuid,
	"message_type" text,
	"message_id" text,
	"message_thread_id" text,
	"message_created_at" timestamp with time zone,
	"artist_name" text,
	"release_title" text,
	"release_type" text,
	"upc" text,
	"isrc" text,
	"isrcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"territories" text[] DEFAULT '{}'::text[] NOT NULL,
	"release_date" date,
	"duration_ms" integer,
	"status" text DEFAULT 'discovered' NOT NULL,
	"import_eligible" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone,
	"error" text,
	"delivery_type" text DEFAULT 'initial' NOT NULL,
	"delivery_sequence" integer,
	"is_latest_in_thread" boolean DEFAULT true NOT NULL,
	"has_media" boolean DEFAULT false NOT NULL,
	"is_takedown" boolean DEFAULT false NOT NULL,
	"file_size" bigint,
	"file_checksum" text,
	"file_modified_at" timestamp with time zone,
	"parsed_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(source_path, '') || ' ' || coalesce(message_id, '') || ' ' || coalesce(artist_name, '') || ' ' || coalesce(release_title, '') || ' ' || coalesce(upc, '') || ' ' || coalesce(isrc, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ddex_file_source_path_unique" UNIQUE("source_id","source_path"),
	CONSTRAINT "ddex_file_status_check" CHECK ("status" IN ('discovered', 'metadata_scanned', 'error', 'waiting_for_initial', 'waiting_for_initial_delivery', 'superseded', 'imported')),
	CONSTRAINT "ddex_file_delivery_type_check" CHECK ("delivery_type" IN ('initial', 'metadata_update', 'redelivery'))
);
--> statement-breakpoint
CREATE TABLE "ddex_file_artist" (
	"ddex_file_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ddex_file_artist_pk" PRIMARY KEY("ddex_file_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "asset" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_id" integer,
	"kind" text NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"md5" text,
	"mime_type" text,
	"file_size" bigint,
	"is_primary" boolean DEFAULT false NOT NULL,
	"superseded_by" uuid,
	"superseded_at" timestamp with time zone,
	"ddex_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_kind_check" CHECK ("kind" IN ('master', 'cover', 'preview', 'image', 'artwork'))
);
--> statement-breakpoint
CREATE TABLE "asset_delivery_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"ddex_file_id" uuid NOT NULL,
	"reused" boolean DEFAULT false NOT NULL,
	"previous_asset_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_delivery_history_asset_file_unique" UNIQUE("asset_id","ddex_file_id")
);
--> statement-breakpoint
CREATE TABLE "deal_territory" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "deal_territory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"territory_code" text NOT NULL,
	"is_included" boolean DEFAULT true NOT NULL,
	CONSTRAINT "deal_territory_deal_territory_unique" UNIQUE("deal_id","territory_code")
);
--> statement-breakpoint
CREATE TABLE "geo_rule" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "geo_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"whitelist" text[] DEFAULT '{}'::text[] NOT NULL,
	"blacklist" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geo_rule_release_id_unique" UNIQUE("release_id")
);
--> statement-breakpoint
CREATE TABLE "import_state" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "import_state_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"ddex_file_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_importable" boolean DEFAULT false NOT NULL,
	"already_imported" boolean DEFAULT false NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_state_release_file_unique" UNIQUE("release_id","ddex_file_id"),
	CONSTRAINT "import_state_status_check" CHECK ("status" IN ('pending', 'queued', 'processing', 'imported', 'error'))
);
--> statement-breakpoint
CREATE TABLE "release" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "release_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"type" text NOT NULL,
	"display_artist" text,
	"label_name" text,
	"upc" text,
	"original_release_date" date,
	"platform_release_date" timestamp with time zone,
	"display_start_at" timestamp with time zone,
	"is_taken_down" boolean DEFAULT false NOT NULL,
	"p_line_text" text,
	"c_line_text" text,
	"plan" text,
	"duration_ms" integer,
	"territories" text[] DEFAULT '{}'::text[] NOT NULL,
	"release_reference" text,
	"ddex_file_id" uuid,
	"partner_id" uuid,
	"parent_release_id" integer,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(title, '') || ' ' || coalesce(display_artist, '') || ' ' || coalesce(upc, '') || ' ' || coalesce(label_name, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_contributor" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "release_contributor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"artist_id" uuid,
	"role" text NOT NULL,
	"credited_name" text,
	"sequence" integer
);
--> statement-breakpoint
CREATE TABLE "release_deal" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "release_deal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"use_type" text,
	"commercial_model" text,
	"price_tier" text,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"deal_ref" text,
	"is_takedown" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_identifier" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "release_identifier_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"scheme" text NOT NULL,
	"value" text NOT NULL,
	"namespace" text,
	CONSTRAINT "release_identifier_release_scheme_value_unique" UNIQUE("release_id","scheme","value")
);
--> statement-breakpoint
CREATE TABLE "release_resource" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "release_resource_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"track_number" integer,
	"disc_number" integer,
	"title_override" text,
	CONSTRAINT "release_resource_release_resource_unique" UNIQUE("release_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "release_schedule" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "release_schedule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"release_date" date,
	"schedule_from" timestamp with time zone,
	"embargo_until" timestamp with time zone,
	CONSTRAINT "release_schedule_release_id_unique" UNIQUE("release_id")
);
--> statement-breakpoint
CREATE TABLE "resource" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "resource_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ddex_file_id" uuid,
	"resource_reference" text,
	"title" text,
	"media_type" text NOT NULL,
	"display_artist" text,
	"isrc" text,
	"duration_ms" integer,
	"genre_primary" text,
	"genre_secondary" text,
	"parental_rating" text,
	"language_of_performance" text,
	"p_line_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_contributor" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "resource_contributor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource_id" integer NOT NULL,
	"artist_id" uuid,
	"role" text NOT NULL,
	"credited_name" text,
	"contributor_type" text DEFAULT 'direct' NOT NULL,
	"instrument" text,
	"display_credits" text,
	"sequence" integer,
	CONSTRAINT "resource_contributor_type_check" CHECK ("contributor_type" IN ('direct', 'indirect'))
);
--> statement-breakpoint
CREATE TABLE "resource_identifier" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "resource_identifier_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource_id" integer NOT NULL,
	"scheme" text NOT NULL,
	"value" text NOT NULL,
	"namespace" text,
	CONSTRAINT "resource_identifier_resource_scheme_value_unique" UNIQUE("resource_id","scheme","value")
);
--> statement-breakpoint
CREATE TABLE "resource_right" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "resource_right_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource_id" integer NOT NULL,
	"right_type" text,
	"controller_name" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "resource_technical" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "resource_technical_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource_id" integer NOT NULL,
	"sampling_rate_hz" integer,
	"bitrate_kbps" integer,
	"bits_per_sample" integer,
	"codec" text,
	"audio_channels" integer,
	"width" integer,
	"height" integer,
	"frame_rate" double precision,
	"file_name" text
);
--> statement-breakpoint
CREATE TABLE "artist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sort_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"always_ignore" boolean DEFAULT false NOT NULL,
	"autopush" boolean DEFAULT false NOT NULL,
	"tier" text,
	"is_main_artist" boolean DEFAULT false NOT NULL,
	"benelux_roots" text DEFAULT 'unknown' NOT NULL,
	"performs_in_dutch" text DEFAULT 'unknown' NOT NULL,
	"benelux_audience" text DEFAULT 'unknown' NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"ai_confidence_score" double precision,
	"ai_reasoning" text,
	"last_reviewed_at" timestamp with time zone,
	"screened_at" timestamp with time zone,
	"screening_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_name_unique" UNIQUE("name"),
	CONSTRAINT "artist_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "artist_tier_check" CHECK ("tier" IN ('A', 'B', 'C', 'D')),
	CONSTRAINT "artist_benelux_roots_check" CHECK ("benelux_roots" IN ('true', 'false', 'unknown')),
	CONSTRAINT "artist_performs_in_dutch_check" CHECK ("performs_in_dutch" IN ('true', 'false', 'unknown')),
	CONSTRAINT "artist_benelux_audience_check" CHECK ("benelux_audience" IN ('true', 'false', 'unknown')),
	CONSTRAINT "artist_ai_confidence_score_check" CHECK ("ai_confidence_score" BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE TABLE "contamination_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"action" text DEFAULT 'fix' NOT NULL,
	"release_ids" integer[],
	"track_fixes" integer DEFAULT 0 NOT NULL,
	"image_fixes" integer DEFAULT 0 NOT NULL,
	"files_reparsed" integer DEFAULT 0 NOT NULL,
	"total_files_to_reparse" integer DEFAULT 0 NOT NULL,
	"releases_scanned" integer DEFAULT 0 NOT NULL,
	"total_releases_scanned" integer DEFAULT 0 NOT NULL,
	"reparse_errors" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requested_by" text,
	"heartbeat_at" timestamp with time zone,
	"locked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contamination_jobs_status_check" CHECK ("status" IN ('pending', 'running', 'completed', 'failed')),
	CONSTRAINT "contamination_jobs_action_check" CHECK ("action" IN ('scan', 'fix'))
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"total_files" integer DEFAULT 0 NOT NULL,
	"processed_files" integer DEFAULT 0 NOT NULL,
	"imported_files" integer DEFAULT 0 NOT NULL,
	"failed_files" integer DEFAULT 0 NOT NULL,
	"current_batch" integer DEFAULT 0 NOT NULL,
	"batch_size" integer DEFAULT 50 NOT NULL,
	"deliver_after" boolean DEFAULT false NOT NULL,
	"requested_by" text,
	"error_message" text,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"locked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_jobs_status_check" CHECK ("status" IN ('pending', 'running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "scan_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"full_scan" boolean DEFAULT false NOT NULL,
	"phase" text,
	"total_directories" integer DEFAULT 0 NOT NULL,
	"processed_directories" integer DEFAULT 0 NOT NULL,
	"total_files" integer DEFAULT 0 NOT NULL,
	"imported_files" integer DEFAULT 0 NOT NULL,
	"current_batch" integer DEFAULT 0 NOT NULL,
	"batch_size" integer DEFAULT 100 NOT NULL,
	"resume_token" text,
	"error_message" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"locked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_jobs_status_check" CHECK ("status" IN ('pending', 'running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "audio_conversion_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_job_id" uuid NOT NULL,
	"asset_id" uuid,
	"resource_id" integer,
	"asset_key" text NOT NULL,
	"track_number" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_job_id" text,
	"external_id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"streaming_url" text,
	"key_url" text,
	"result" jsonb,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_conversion_jobs_status_check" CHECK ("status" IN ('pending', 'submitted', 'processing', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "delivery_destinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"delivery_type" text DEFAULT 'metadata' NOT NULL,
	"endpoint_url" text,
	"method" text DEFAULT 'POST' NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"file_storage_zone" text,
	"file_access_key" text,
	"file_endpoint_url" text,
	"file_asset_types" text[] DEFAULT '{audio,video,image}'::text[] NOT NULL,
	"file_primary_only" boolean DEFAULT false NOT NULL,
	"file_path_template" text DEFAULT '{release_id}/{resource_id}/{filename}' NOT NULL,
	"image_storage_zone" text,
	"image_access_key" text,
	"image_path_template" text DEFAULT '{release_id}/artwork/{filename}' NOT NULL,
	"image_cdn_hostname" text,
	"audio_converter_enabled" boolean DEFAULT false NOT NULL,
	"audio_converter_endpoint" text,
	"audio_converter_settings" jsonb DEFAULT '{"bitrate":"1000k","segmentDuration":6,"encryption":true,"outputFormat":"hls"}'::jsonb,
	"streaming_url_field" text DEFAULT 'streaming_url' NOT NULL,
	"key_url_field" text DEFAULT 'key_url' NOT NULL,
	"audio_cdn_hostname" text,
	"video_converter_enabled" boolean DEFAULT false NOT NULL,
	"video_library_id" text,
	"video_api_key" text,
	"video_cdn_hostname" text,
	"video_webhook_url" text,
	"video_collection_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_destinations_delivery_type_check" CHECK ("delivery_type" IN ('metadata', 'file', 'both')),
	CONSTRAINT "delivery_destinations_method_check" CHECK ("method" IN ('POST', 'PUT', 'PATCH'))
);
--> statement-breakpoint
CREATE TABLE "delivery_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" integer NOT NULL,
	"destination_id" uuid,
	"destination_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"phase" text,
	"total_files" integer DEFAULT 0 NOT NULL,
	"delivered_files" integer DEFAULT 0 NOT NULL,
	"total_conversions" integer DEFAULT 0 NOT NULL,
	"completed_conversions" integer DEFAULT 0 NOT NULL,
	"failed_conversions" integer DEFAULT 0 NOT NULL,
	"total_video_conversions" integer DEFAULT 0 NOT NULL,
	"completed_video_conversions" integer DEFAULT 0 NOT NULL,
	"failed_video_conversions" integer DEFAULT 0 NOT NULL,
	"metadata_payload" jsonb,
	"sent_payload" jsonb,
	"response_status" integer,
	"response_body" text,
	"error_message" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text DEFAULT gen_random_uuid()::text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"mappings_override" jsonb,
	"requested_by" text,
	"heartbeat_at" timestamp with time zone,
	"locked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_jobs_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "delivery_jobs_status_check" CHECK ("status" IN ('pending', 'processing', 'delivering', 'completed', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "destination_field_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"destination_id" uuid NOT NULL,
	"output_field" text NOT NULL,
	"input_field" text DEFAULT '' NOT NULL,
	"field_type" text DEFAULT 'string' NOT NULL,
	"mapping_level" text DEFAULT 'release' NOT NULL,
	"is_array" boolean DEFAULT false NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"default_value" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "destination_field_mappings_field_type_check" CHECK ("field_type" IN ('string', 'number', 'boolean', 'array', 'object')),
	CONSTRAINT "destination_field_mappings_mapping_level_check" CHECK ("mapping_level" IN ('release', 'track', 'asset'))
);
--> statement-breakpoint
CREATE TABLE "video_conversion_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_job_id" uuid NOT NULL,
	"asset_id" uuid,
	"resource_id" integer,
	"asset_key" text NOT NULL,
	"track_number" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"video_id" text,
	"playlist_url" text,
	"thumbnail_url" text,
	"preview_url" text,
	"result" jsonb,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_conversion_jobs_status_check" CHECK ("status" IN ('pending', 'submitted', 'processing', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb,
	"counts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"purpose" text DEFAULT 'invite' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "user_invites_role_check" CHECK ("role" IN ('user', 'admin')),
	CONSTRAINT "user_invites_purpose_check" CHECK ("purpose" IN ('invite', 'first_admin'))
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "user_roles_role_check" CHECK ("role" IN ('user', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "auth_account" ADD CONSTRAINT "auth_account_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddex_file" ADD CONSTRAINT "ddex_file_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddex_file" ADD CONSTRAINT "ddex_file_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddex_file_artist" ADD CONSTRAINT "ddex_file_artist_ddex_file_id_ddex_file_id_fk" FOREIGN KEY ("ddex_file_id") REFERENCES "public"."ddex_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddex_file_artist" ADD CONSTRAINT "ddex_file_artist_artist_id_artist_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_superseded_by_asset_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."asset"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_ddex_file_id_ddex_file_id_fk" FOREIGN KEY ("ddex_file_id") REFERENCES "public"."ddex_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_delivery_history" ADD CONSTRAINT "asset_delivery_history_asset_id_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."asset"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_delivery_history" ADD CONSTRAINT "asset_delivery_history_ddex_file_id_ddex_file_id_fk" FOREIGN KEY ("ddex_file_id") REFERENCES "public"."ddex_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_delivery_history" ADD CONSTRAINT "asset_delivery_history_previous_asset_id_asset_id_fk" FOREIGN KEY ("previous_asset_id") REFERENCES "public"."asset"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_territory" ADD CONSTRAINT "deal_territory_deal_id_release_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."release_deal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_rule" ADD CONSTRAINT "geo_rule_release_id_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_state" ADD CONSTRAINT "import_state_release_id_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_state" ADD CONSTRAINT "import_state_ddex_file_id_ddex_file_id_fk" FOREIGN KEY ("ddex_file_id") REFERENCES "public"."ddex_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release" ADD CONSTRAINT "release_ddex_file_id_ddex_file_id_fk" FOREIGN KEY ("ddex_file_id") REFERENCES "public"."ddex_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release" ADD CONSTRAINT "release_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release" ADD CONSTRAINT "release_parent_release_id_release_id_fk" FOREIGN KEY ("parent_release_id") REFERENCES "public"."release"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_contributor" ADD CONSTRAINT "release_contributor_release_id_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_contributor" ADD CONSTRAINT "release_contributor_artist_id_artist_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_deal" ADD CONSTRAINT "release_deal_release_id_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_identifier" ADD CONSTRAINT "release_identifier_release_id_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_resource" ADD CONSTRAINT "release_resource_release_id_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_resource" ADD CONSTRAINT "release_resource_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_schedule" ADD CONSTRAINT "release_schedule_release_id_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource" ADD CONSTRAINT "resource_ddex_file_id_ddex_file_id_fk" FOREIGN KEY ("ddex_file_id") REFERENCES "public"."ddex_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_contributor" ADD CONSTRAINT "resource_contributor_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_contributor" ADD CONSTRAINT "resource_contributor_artist_id_artist_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artist"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_identifier" ADD CONSTRAINT "resource_identifier_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_right" ADD CONSTRAINT "resource_right_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_technical" ADD CONSTRAINT "resource_technical_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD CONSTRAINT "scan_jobs_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_conversion_jobs" ADD CONSTRAINT "audio_conversion_jobs_delivery_job_id_delivery_jobs_id_fk" FOREIGN KEY ("delivery_job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_conversion_jobs" ADD CONSTRAINT "audio_conversion_jobs_asset_id_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."asset"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_conversion_jobs" ADD CONSTRAINT "audio_conversion_jobs_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_release_id_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_jobs" ADD CONSTRAINT "delivery_jobs_destination_id_delivery_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."delivery_destinations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination_field_mappings" ADD CONSTRAINT "destination_field_mappings_destination_id_delivery_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."delivery_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_conversion_jobs" ADD CONSTRAINT "video_conversion_jobs_delivery_job_id_delivery_jobs_id_fk" FOREIGN KEY ("delivery_job_id") REFERENCES "public"."delivery_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_conversion_jobs" ADD CONSTRAINT "video_conversion_jobs_asset_id_asset_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."asset"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_conversion_jobs" ADD CONSTRAINT "video_conversion_jobs_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_auth_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invites" ADD CONSTRAINT "user_invites_created_by_auth_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_account_user_id_idx" ON "auth_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_session_user_id_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verification_identifier_idx" ON "auth_verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_party_id_unique" ON "partner" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "ddex_file_status_idx" ON "ddex_file" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ddex_file_partner_id_idx" ON "ddex_file" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "ddex_file_import_eligible_idx" ON "ddex_file" USING btree ("import_eligible");--> statement-breakpoint
CREATE INDEX "ddex_file_imported_at_idx" ON "ddex_file" USING btree ("imported_at");--> statement-breakpoint
CREATE INDEX "ddex_file_release_date_idx" ON "ddex_file" USING btree ("release_date");--> statement-breakpoint
CREATE INDEX "ddex_file_sequence_id_idx" ON "ddex_file" USING btree ("delivery_sequence" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ddex_file_thread_idx" ON "ddex_file" USING btree ("message_thread_id","delivery_sequence");--> statement-breakpoint
CREATE INDEX "ddex_file_upc_idx" ON "ddex_file" USING btree ("upc");--> statement-breakpoint
CREATE INDEX "ddex_file_isrcs_idx" ON "ddex_file" USING gin ("isrcs");--> statement-breakpoint
CREATE INDEX "ddex_file_search_trgm_idx" ON "ddex_file" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ddex_file_artist_artist_id_idx" ON "ddex_file_artist" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "asset_resource_id_idx" ON "asset" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "asset_bucket_key_idx" ON "asset" USING btree ("bucket","key");--> statement-breakpoint
CREATE INDEX "asset_ddex_file_id_idx" ON "asset" USING btree ("ddex_file_id");--> statement-breakpoint
CREATE INDEX "asset_delivery_history_ddex_file_id_idx" ON "asset_delivery_history" USING btree ("ddex_file_id");--> statement-breakpoint
CREATE INDEX "deal_territory_territory_code_idx" ON "deal_territory" USING btree ("territory_code");--> statement-breakpoint
CREATE INDEX "import_state_ddex_file_id_idx" ON "import_state" USING btree ("ddex_file_id");--> statement-breakpoint
CREATE INDEX "release_type_idx" ON "release" USING btree ("type");--> statement-breakpoint
CREATE INDEX "release_created_at_idx" ON "release" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "release_display_start_at_idx" ON "release" USING btree ("display_start_at");--> statement-breakpoint
CREATE INDEX "release_is_taken_down_idx" ON "release" USING btree ("is_taken_down");--> statement-breakpoint
CREATE INDEX "release_ddex_file_id_idx" ON "release" USING btree ("ddex_file_id");--> statement-breakpoint
CREATE INDEX "release_partner_id_idx" ON "release" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "release_parent_release_id_idx" ON "release" USING btree ("parent_release_id");--> statement-breakpoint
CREATE INDEX "release_territories_idx" ON "release" USING gin ("territories");--> statement-breakpoint
CREATE INDEX "release_search_trgm_idx" ON "release" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "release_contributor_release_id_idx" ON "release_contributor" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "release_contributor_artist_id_idx" ON "release_contributor" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "release_contributor_role_idx" ON "release_contributor" USING btree ("role");--> statement-breakpoint
CREATE INDEX "release_deal_release_id_idx" ON "release_deal" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "release_identifier_scheme_value_idx" ON "release_identifier" USING btree ("scheme","value");--> statement-breakpoint
CREATE INDEX "release_resource_resource_id_idx" ON "release_resource" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "resource_ddex_file_id_idx" ON "resource" USING btree ("ddex_file_id");--> statement-breakpoint
CREATE INDEX "resource_media_type_idx" ON "resource" USING btree ("media_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resource_isrc_idx" ON "resource" USING btree ("isrc");--> statement-breakpoint
CREATE INDEX "resource_contributor_resource_id_idx" ON "resource_contributor" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "resource_contributor_artist_id_idx" ON "resource_contributor" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "resource_identifier_scheme_value_idx" ON "resource_identifier" USING btree ("scheme","value");--> statement-breakpoint
CREATE INDEX "resource_right_resource_id_idx" ON "resource_right" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "resource_technical_resource_id_idx" ON "resource_technical" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "artist_status_name_idx" ON "artist" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "artist_created_at_idx" ON "artist" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "artist_is_main_artist_idx" ON "artist" USING btree ("is_main_artist");--> statement-breakpoint
CREATE INDEX "artist_name_trgm_idx" ON "artist" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contamination_jobs_status_created_at_idx" ON "contamination_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_status_created_at_idx" ON "import_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_created_at_idx" ON "import_jobs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scan_jobs_status_created_at_idx" ON "scan_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "scan_jobs_created_at_idx" ON "scan_jobs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scan_jobs_source_id_idx" ON "scan_jobs" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "audio_conversion_jobs_delivery_job_id_idx" ON "audio_conversion_jobs" USING btree ("delivery_job_id");--> statement-breakpoint
CREATE INDEX "audio_conversion_jobs_status_created_at_idx" ON "audio_conversion_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "audio_conversion_jobs_external_job_id_idx" ON "audio_conversion_jobs" USING btree ("external_job_id");--> statement-breakpoint
CREATE INDEX "audio_conversion_jobs_external_id_idx" ON "audio_conversion_jobs" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "delivery_destinations_created_at_idx" ON "delivery_destinations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "delivery_jobs_release_created_at_idx" ON "delivery_jobs" USING btree ("release_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "delivery_jobs_status_idx" ON "delivery_jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "delivery_jobs_status_created_at_idx" ON "delivery_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "delivery_jobs_created_at_idx" ON "delivery_jobs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "delivery_jobs_destination_id_idx" ON "delivery_jobs" USING btree ("destination_id");--> statement-breakpoint
CREATE INDEX "destination_field_mappings_destination_sort_idx" ON "destination_field_mappings" USING btree ("destination_id","sort_order");--> statement-breakpoint
CREATE INDEX "video_conversion_jobs_delivery_job_id_idx" ON "video_conversion_jobs" USING btree ("delivery_job_id");--> statement-breakpoint
CREATE INDEX "video_conversion_jobs_status_created_at_idx" ON "video_conversion_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "video_conversion_jobs_video_id_idx" ON "video_conversion_jobs" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "user_invites_email_idx" ON "user_invites" USING btree ("email");