ALTER TABLE "audit_events" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject_practitioner_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_events_actor_at_idx" ON "audit_events" USING btree ("actor_user_id","at","id") WHERE "audit_events"."actor_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_subject_at_idx" ON "audit_events" USING btree ("subject_practitioner_id","at","id") WHERE "audit_events"."subject_practitioner_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_organisation_at_idx" ON "audit_events" USING btree ("organisation_id","at","id") WHERE "audit_events"."organisation_id" IS NOT NULL;