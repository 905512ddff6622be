CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower(ra_number || ' ' || given_name || ' ' || family_name || ' ' || coalesce(email, ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("family_name","given_name","id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_ra_number_prefix_idx" ON "users" USING btree (ra_number text_pattern_ops);