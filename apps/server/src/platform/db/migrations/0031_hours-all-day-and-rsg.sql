ALTER TABLE "practitioners" ADD COLUMN "recorded_sex_or_gender" text;--> statement-breakpoint
ALTER TABLE "practitioner_roles" ADD COLUMN "available_time" jsonb DEFAULT '[]'::jsonb NOT NULL;