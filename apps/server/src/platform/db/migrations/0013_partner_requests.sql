ALTER TABLE "tasks" ADD COLUMN "partner_request_id" uuid;--> statement-breakpoint
CREATE INDEX "tasks_partner_request_id_idx" ON "tasks" USING btree ("partner_request_id");