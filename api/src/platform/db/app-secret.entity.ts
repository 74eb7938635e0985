import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Secrets the api generates itself on first start (e.g. the media URL signing key) and every
 * instance must share, so they live in the database rather than on one host's disk.
 */
@Entity({ tableName: 'app_secrets' })
export class AppSecret {
  @PrimaryKey({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  value!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
