/** The player's texts, translated by the page (`player` namespace). */
export interface PlayerLabels {
  region: string;
  status_initial: string;
  status_loading: string;
  /** The landing page's status before anything is chosen, naming the offered playlist. */
  status_offer: string;
  empty: string;
  nowPlaying: string;
  buffering: string;
  previous: string;
  next: string;
  play: string;
  pause: string;
  /** The play button's name while it would start the offered playlist. */
  playPlaylist: string;
  volumeDown: string;
  volumeUp: string;
  volume: string;
  progress: string;
  /** The progress bar's spoken value: `{{current}} of {{total}}`. */
  progressValue: string;
  tracklist: string;
  playlistLabel: string;
}
