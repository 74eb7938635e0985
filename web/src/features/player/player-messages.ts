/** The player's texts, word for word from requirements §L4 and §8. */
export const PLAYER_MESSAGES = {
  notReady: 'Beat is not ready yet. Wait 1 moment.',
  playbackFailed: 'Error playing audio. Please try again.',
  loadFailed: 'Failed to load audio file. Please try again.',
  downloadFailed: 'Failed to download the beat.',
  nothingToDownload: 'No beat available for download.',
} as const;
