/**
 * The routes every list of the studio's API has (the fans, the inbox's messages): the list, one
 * entry by its id, and the whole list exported as JSON or as CSV.
 */
import { STUDIO_API_PREFIX } from './studio-auth.ts';

/** The routes of the list `name`, under the studio's API: `/studio/api/{name}`, `…/{id}`, `…/export.json`, `…/export.csv`. */
export function studioListRoutes(name: string) {
  const list = `${STUDIO_API_PREFIX}${name}`;
  return {
    list,
    one: (id: number) => `${list}/${id}`,
    exportJson: `${list}/export.json`,
    exportCsv: `${list}/export.csv`,
  } as const;
}
