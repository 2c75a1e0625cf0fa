/** What every scenario gets: where things are, and how to say what it is doing. */
export interface SoakContext {
  /** The built site. */
  distDir: string;
  /** A temporary folder for the run's data and music, removed at the end. */
  root: string;
  /** The music every scenario copies (see media.ts). */
  mediaTemplate: string;
  /** The servers' log, for a look after a failure. */
  logFile: string;
  log: (line: string) => void;
}
