/**
 * The routes the studio's two lists share, the fans' and the inbox's messages: the list, one
 * entry by its id, and the whole list exported as JSON or as CSV.
 */
import { STUDIO_API_PREFIX } from './studio-auth.ts';

/** The routes of the list `name`: `/studio/api/{name}`, then `/{id}`, `/export.json` and `/export.csv` below it. */
export function studioListRoutes(name: string) {
  const list = `${STUDIO_API_PREFIX}${name}`;
  return {
    list,
    one: (id: number) => `${list}/${id}`,
    exportJson: `${list}/export.json`,
    exportCsv: `${list}/export.csv`,
  } as const;
}
