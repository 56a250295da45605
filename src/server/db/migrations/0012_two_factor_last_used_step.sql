-- Issue 14 §1: a TOTP code signs in once. The time step of the last code that signed in is kept
-- with the factor, in the database so every web process refuses its replay.
ALTER TABLE "two_factors" ADD COLUMN "last_used_step" bigint;