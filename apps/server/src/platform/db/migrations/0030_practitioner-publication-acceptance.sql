ALTER TABLE "practitioner_publications" ALTER COLUMN "publish" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ALTER COLUMN "publish" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ADD COLUMN "information_use_statement_id" uuid;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ADD COLUMN "accepted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ADD COLUMN "accepted_by_delegate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ADD CONSTRAINT "practitioner_publications_information_use_statement_id_information_use_statements_id_fk" FOREIGN KEY ("information_use_statement_id") REFERENCES "public"."information_use_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ADD CONSTRAINT "practitioner_publications_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ADD CONSTRAINT "practitioner_publications_statement_needs_acceptance" CHECK ("practitioner_publications"."information_use_statement_id" IS NULL OR "practitioner_publications"."accepted_at" IS NOT NULL);