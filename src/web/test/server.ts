import { setupServer } from 'msw/node';

/**
 * The fake network of the web component tests. It starts with no handlers: each test says which
 * requests it expects with `server.use(http.get('/api/…', …))`, and any other request fails the
 * test (src/web/test/setup.ts). Paths are the ones `apiFetch` sends (`/api/…`, resolved against
 * jsdom's `http://localhost:3000`).
 */
export const server = setupServer();
