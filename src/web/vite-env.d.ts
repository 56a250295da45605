/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Optional Sentry DSN baked in at build time; the server may also inject <meta name="sentry-dsn">. */
  readonly VITE_SENTRY_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
