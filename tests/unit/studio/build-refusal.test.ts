import { describe, expect, it } from 'vitest';
import { buildRefusals } from '../../../studio/editor/build-refusal.ts';
import { cmsConfig } from '../../../studio/editor/cms-config.ts';

/** What a build's log says when the site's rules refuse an entry, as Astro writes it. */
const refusedLog = (collection: string, entry: string, ...fields: string[]) =>
  [
    'The build failed at “pages” (exit code 1).',
    '03:36:50 [content] Syncing content',
    `[InvalidContentEntryDataError] ${collection} → ${entry} data does not match collection schema.`,
    '',
    ...fields.map((field) => `  ${field}`),
    '',
    '  Location:',
  ].join('\n');

describe('a build refused by the content rules', () => {
  const pt = cmsConfig('pt');

  it('names the entry, each field by its label in the form, and the address that opens it', () => {
    const log = refusedLog('poems', 'data-errada', 'date: must be a real date written DD/MM/YYYY');
    expect(buildRefusals(log, pt)).toEqual([
      {
        collection: 'Poemas',
        entry: 'data-errada',
        href: '#/collections/poems/entries/data-errada',
        fields: [{ label: 'Data', message: 'must be a real date written DD/MM/YYYY' }],
      },
    ]);
  });

  it('finds a nested field, the lyrics under their editor’s name, and a list item’s field in a file', () => {
    const release = buildRefusals(refusedLog('releases', 'ep1', 'links.spotify: Invalid URL'), pt)[0];
    expect(release?.fields[0]?.label).toBe('Spotify');
    const lyrics = buildRefusals(refusedLog('trackTexts', 'ep1/faixa', 'title: Too long'), pt)[0];
    expect(lyrics?.href).toBe('#/collections/tracks/entries/ep1/faixa');
    const video = buildRefusals(refusedLog('videos', 'dQw4w9WgXcQ', 'title: Required'), pt)[0];
    expect(video).toMatchObject({ href: '#/collections/videos/entries/videos', fields: [{ label: 'Título' }] });
  });

  it('keeps a field the form does not know by its path, and finds nothing in another failure', () => {
    const [unknown] = buildRefusals(refusedLog('poems', 'x', 'nowhere.deep: odd'), pt);
    expect(unknown?.fields).toEqual([{ label: 'nowhere.deep', message: 'odd' }]);
    expect(buildRefusals('The build failed at “pages” (exit code 1).\nout of memory', pt)).toEqual([]);
  });
});
