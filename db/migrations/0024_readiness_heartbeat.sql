-- One row, rewritten by /readyz of the trade services (server/http/health.ts): a write that proves
-- the database still takes writes (disk full, a read-only file system) without growing it.
CREATE TABLE `readiness_heartbeat` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`probed_at` integer NOT NULL
);
