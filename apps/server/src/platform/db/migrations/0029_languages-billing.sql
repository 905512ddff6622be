ALTER TABLE "healthcare_services" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "healthcare_services" ADD COLUMN "billing" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "practitioner_roles" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;