-- When a session's holder last proved who they are: its sign-in, or an administrator's re-authentication since.
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone;
