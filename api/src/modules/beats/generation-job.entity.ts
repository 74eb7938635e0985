import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';
import { Beat } from './beat.entity';

export type JobKind = 'generate' | 'regenerate' | 'full' | 'edit';
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/**
 * One request to make or change a beat, kept in the database so that any api instance can report
 * it (late subscribers get its current state) and any worker can run it. The token it cost is
 * recorded with it, so a failure refunds exactly once.
 */
@Entity({ tableName: 'generation_jobs' })
@Index({ name: 'generation_jobs_owner_created_index', properties: ['owner', 'createdAt'] })
export class GenerationJob {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'status' | 'stage' | 'attempts' | 'tokenCharged' | 'tokenRefunded' | 'beat' | 'error' | 'errorCode' | 'finishedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  owner!: Rel<User>;

  @Property({ type: 'text' })
  kind!: JobKind;

  @Property({ type: 'text' })
  status: JobStatus = 'queued';

  /** 0 before the first stage, then 1 to 5 (the spec's five step messages). */
  @Property({ type: 'smallint' })
  stage: number = 0;

  /** What was asked: the prompt, the source beat, the edit. */
  @Property({ type: 'json' })
  input!: Record<string, unknown>;

  @ManyToOne(() => Beat, { nullable: true, deleteRule: 'set null' })
  beat?: Rel<Beat> | null;

  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'text', nullable: true })
  errorCode?: string | null;

  @Property({ type: 'boolean' })
  tokenCharged: boolean = false;

  @Property({ type: 'boolean' })
  tokenRefunded: boolean = false;

  @Property({ type: 'smallint' })
  attempts: number = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;
}
