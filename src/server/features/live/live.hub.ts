import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../../contracts/live.js';
import { LIVE_CHANNEL } from './live.service.js';

type Listener = (event: LiveEvent) => void;

/**
 * One LISTEN connection per web process fans PostgreSQL notifications out to its SSE clients,
 * so every node sees every change (no in-memory state another node would miss).
 */
export class LiveHub {
  private client: pg.Client | null = null;
  private listeners = new Set<Listener>();
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', (err) => {
      this.log.warn({ message: err.message }, 'live updates connection lost; reconnecting');
      this.scheduleReconnect();
    });
    client.on('notification', (msg) => {
      if (msg.channel !== LIVE_CHANNEL || !msg.payload) return;
      let event: LiveEvent;
      try {
        event = JSON.parse(msg.payload) as LiveEvent;
      } catch {
        return;
      }
      for (const listener of this.listeners) listener(event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
      this.client = client;
    } catch (err) {
      this.log.warn({ message: (err as Error).message }, 'live updates could not listen; retrying');
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    this.client?.end().catch(() => undefined);
    this.client = null;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, 1000);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.listeners.clear();
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
