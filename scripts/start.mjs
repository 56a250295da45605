/**
 * `npm start` (`exec node --max-old-space-size=768 scripts/start.mjs`: the shell npm runs the
 * script in gives way to this process instead of waiting for it): compiles the server to dist/
 * when its sources changed (build-server.mjs), then runs it in this same process. The heap size
 * is every server process's (docs/DEPLOYMENT.md, decision 057).
 *
 * One process, so a signal reaches the server: npm forwards SIGINT and SIGTERM to the process it
 * started, and a shell running `build && run` died of the signal and left the server, and its
 * embedded PostgreSQL, running. Here the server's own handlers stop it and then the database
 * (src/server/main.ts). Arguments pass through: `npm start -- --role=web`.
 */
await import('./build-server.mjs');
await import('../dist/server/main.mjs');
