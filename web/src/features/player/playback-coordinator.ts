/** Something that plays audio and can be told to stop. */
export interface Playable {
  pause(): void;
}

let current: Playable | null = null;

/**
 * Only one player plays at a time (requirements §L2): a player calls this when it starts, and whichever
 * other player was playing is paused.
 */
export function claimPlayback(player: Playable): void {
  if (current && current !== player) current.pause();
  current = player;
}

/** A player that paused, ended or went away gives the claim back. */
export function releasePlayback(player: Playable): void {
  if (current === player) current = null;
}
