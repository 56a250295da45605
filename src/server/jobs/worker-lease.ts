import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { WORKER_LEASE_CLASS } from './jobs.repository.js';

/**
 * A worker process's proof of life, kept by PostgreSQL: on a connection of its own the process
 * holds one advisory lock per graphile-worker pool it runs (keyed by the pool id, which
 * graphile-worker writes into `locked_by` of the jobs it takes). The lock goes when the process
 * does — SIGKILL included, the kernel closes the socket — so any other worker can tell that the
 * jobs locked by that pool will never finish and free them at once
 * (jobs.repository.ts releaseJobsOfDeadWorkers), instead of after graphile-worker's four hours.
 *
 * If the lease connection drops while the process lives (a database restart), it reconnects and
 * takes its locks again; in between, another worker may free and run a job this one is still
 * running — at least once, as graphile-worker promises anyway, and every job is idempotent.
 */
export class WorkerLease {
  private client: pg.Client | null = null;
  private readonly held = new Set<string>();
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private pending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async open(): Promise<void> {
    const client = new pg.Client({ ...this.connection, application_name: 'switchboard worker lease' });
    client.on('error', (err) => {
      this.log.warn({ message: err.message }, 'worker lease connection lost; reconnecting');
      this.scheduleReconnect();
    });
    await client.connect();
    this.client = client;
    for (const id of this.held) await this.lock(client, id);
  }

  /** Holds the lease of one pool id; resolves once PostgreSQL granted it. */
  hold(poolId: string): Promise<void> {
    this.held.add(poolId);
    const client = this.client;
    if (!client) return Promise.reject(new Error('the worker lease is not open'));
    // Queued at once on the open connection (pg sends it right away), before the pool's first job.
    const granted = this.lock(client, poolId);
    this.pending = Promise.all([this.pending, granted]);
    return granted;
  }

  /** Resolves when every lease asked for so far is held. */
  ready(): Promise<unknown> {
    return this.pending;
  }

  private async lock(client: pg.Client, poolId: string): Promise<void> {
    await client.query('select pg_advisory_lock($1::int4, hashtext($2))', [WORKER_LEASE_CLASS, poolId]);
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    this.client?.end().catch(() => undefined);
    this.client = null;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.open().catch(() => this.scheduleReconnect());
    }, 1000);
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
