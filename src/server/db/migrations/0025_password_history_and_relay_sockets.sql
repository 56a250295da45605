-- Issue 28: password history (the last five and every administrator-set temporary password are
-- refused as a new password), seeded with each user's current password; and the ConversationRelay
-- socket a call awaits or has taken (one per call, only while it is in progress and awaited).
CREATE TABLE "password_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"temporary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_history_user_created_idx" ON "password_history" USING btree ("user_id","created_at");--> statement-breakpoint
-- The password each user has now; a temporary one still to be changed counts as set by an administrator.
INSERT INTO "password_history" ("user_id", "password_hash", "temporary", "created_at")
SELECT a."user_id", a."password", u."must_change_password", a."updated_at"
FROM "accounts" a JOIN "users" u ON u."id" = a."user_id"
WHERE a."provider_id" = 'credential' AND a."password" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "call_relay_sockets" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"awaiting" boolean NOT NULL,
	"session_id" text,
	"connected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_relay_sockets" ADD CONSTRAINT "call_relay_sockets_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;
