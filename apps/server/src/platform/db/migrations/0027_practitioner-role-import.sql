CREATE TABLE "practitioner_role_import_pages" (
	"run_id" uuid NOT NULL,
	"page_number" integer NOT NULL,
	"resources" jsonb NOT NULL,
	CONSTRAINT "practitioner_role_import_pages_run_id_page_number_pk" PRIMARY KEY("run_id","page_number")
);
--> statement-breakpoint
CREATE TABLE "practitioner_role_import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"connection_name" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"next_path" text,
	"pages_read" integer DEFAULT 0 NOT NULL,
	"roles_read" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practitioner_role_import_pages" ADD CONSTRAINT "practitioner_role_import_pages_run_id_practitioner_role_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."practitioner_role_import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_role_import_runs" ADD CONSTRAINT "practitioner_role_import_runs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_role_import_runs" ADD CONSTRAINT "practitioner_role_import_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;