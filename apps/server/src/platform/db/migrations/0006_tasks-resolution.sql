ALTER TABLE "tasks" ADD COLUMN "kind" text DEFAULT 'VerifyInformation' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "form_url" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "resolved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "verified_values" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_kind_check" CHECK (kind IN ('VerifyInformation', 'OnlineForm'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_outcome_check" CHECK (outcome IS NULL OR outcome IN ('SuggestedValueAccepted', 'CurrentValueKept'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_online_form_url_check" CHECK ("tasks"."kind" <> 'OnlineForm' OR "tasks"."form_url" IS NOT NULL);