ALTER TABLE "practitioner_roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "practitioner_roles" SET "updated_at" = "created_at";
