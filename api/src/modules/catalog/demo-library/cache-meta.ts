import { createHash } from 'node:crypto';
import type { DemoFileFacts, DemoMixFacts } from './measure-demo';
import type { DemoItemPlan } from './plan';

/** One rendered file of a cached item. */
export interface DemoCachedFile {
  /** Name in the item's cache directory (`0.wav`, ...). */
  readonly file: string;
  /** The name the catalogue shows. */
  readonly fileName: string;
  /** Stem instrument (compositions); null for drum loops. */
  readonly instrument: string | null;
  readonly facts: DemoFileFacts;
}

/** meta.json of a cached item: its files and measurements. */
export interface DemoCacheMeta {
  readonly id: string;
  /** Of the plan fields the audio depends on: a cached item whose plan changed is rendered again. */
  readonly fingerprint: string;
  readonly files: DemoCachedFile[];
  /** Compositions only: tempo and key of the stems together. */
  readonly mix: DemoMixFacts | null;
}

/** A hash of everything that shapes an item's audio (not its tags or producer, which only label it). */
export function demoItemFingerprint(item: DemoItemPlan): string {
  const { tags: _tags, producerKey: _producer, ...sound } = item;
  return createHash('sha256').update(JSON.stringify(sound)).digest('hex').slice(0, 16);
}

/** Parses a meta.json, or null when it is unreadable or belongs to another version of the item. */
export function readCacheMeta(text: string, item: DemoItemPlan): DemoCacheMeta | null {
  try {
    const meta = JSON.parse(text) as DemoCacheMeta;
    if (meta.id !== item.id || meta.fingerprint !== demoItemFingerprint(item) || !Array.isArray(meta.files) || !meta.files.length) return null;
    return meta;
  } catch {
    return null;
  }
}
