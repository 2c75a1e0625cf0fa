/**
 * The islands' props leave the built pages for files named by their content: the page keeps the
 * file's URL, and the file holds exactly the text the `props` attribute held, as the island's
 * hydration reads it, whatever the content put in it.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { afterEach, describe, expect, it } from 'vitest';
import { islandProps, propsFileName, withPropsMoved } from '../../../src/integrations/island-props.ts';
import { PROPS_FILE_ATTRIBUTE } from '../../../src/page-start/island-props.ts';

/** Escapes an attribute value as Astro does for props: the five characters HTML gives meaning to. */
const attribute = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** An island as Astro writes it, its props serialised as Astro does (`[0, value]` per prop). */
function island(component: string, props: Record<string, string>): { tag: string; json: string } {
  const json = JSON.stringify(Object.fromEntries(Object.entries(props).map(([key, value]) => [key, [0, value]])));
  return {
    tag:
      `<astro-island uid="Z1" prefix="r1" component-url="/_astro/${component}.js" component-export="default" ` +
      `renderer-url="/_astro/client.js" props="${attribute(json)}" ssr client="afterpaint" opts="{&quot;name&quot;:&quot;${component}&quot;}">` +
      `<p>${component}</p></astro-island>`,
    json,
  };
}

/** Each island's attributes as a browser reads them. */
function islandsOf(html: string): Record<string, string>[] {
  const islands: Record<string, string>[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'astro-island') islands.push(attributes);
    },
  });
  parser.write(html);
  parser.end();
  return islands;
}

describe('withPropsMoved', () => {
  it('leaves each island the URL of a file holding its props, shared by islands with the same props', () => {
    const player = island('Player', { label: 'Play "Cocktail Nº1" </script><script>alert(1)</script> & more' });
    const hero = island('KeyboardHero', { title: 'André Moura Passos' });
    const page = `<html><body>${player.tag}<main>${hero.tag}</main>${player.tag}</body></html>`;
    const { html, files } = withPropsMoved(page);

    const islands = islandsOf(html);
    expect(islands).toHaveLength(3);
    for (const attributes of islands) expect(attributes['props']).toBeUndefined();
    expect(islands.map((attributes) => attributes[PROPS_FILE_ATTRIBUTE])).toEqual([
      `/_astro/${propsFileName(player.json)}`,
      `/_astro/${propsFileName(hero.json)}`,
      `/_astro/${propsFileName(player.json)}`,
    ]);
    expect(new Map(files)).toEqual(
      new Map([
        [propsFileName(player.json), player.json],
        [propsFileName(hero.json), hero.json],
      ]),
    );
    // Nothing else of the page changes.
    expect(html.replaceAll(/ data-props="[^"]*"/g, '')).toBe(page.replaceAll(/ props="[^"]*"/g, ''));
  });

  it('leaves a page without islands as it was', () => {
    const page = '<html><body><p props="not an island">text</p></body></html>';
    expect(withPropsMoved(page)).toEqual({ html: page, files: new Map() });
  });

  it('hands back exactly the props any text makes, and names different props differently', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), (first, second) => {
        const one = island('A', { text: first });
        const two = island('B', { text: second });
        const { html, files } = withPropsMoved(`<body>${one.tag}${two.tag}</body>`);
        const names = islandsOf(html).map((attributes) => attributes[PROPS_FILE_ATTRIBUTE]?.replace('/_astro/', ''));
        expect(names.map((name) => files.get(name ?? ''))).toEqual([one.json, two.json]);
        expect(names[0] === names[1]).toBe(one.json === two.json);
      }),
    );
  });
});

describe('the island-props integration', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('rewrites every page of the build and writes the props files among its hashed assets', async () => {
    dir = mkdtempSync(join(tmpdir(), 'island-props-'));
    const player = island('Player', { lang: 'pt' });
    writeFileSync(join(dir, 'pt.html'), `<body>${player.tag}</body>`);
    writeFileSync(join(dir, 'es.html'), `<body>${player.tag}</body>`);
    const hook = islandProps().hooks['astro:build:done'] as (options: { dir: URL }) => Promise<void>;
    await hook({ dir: pathToFileURL(`${dir}/`) });

    for (const page of ['pt.html', 'es.html']) {
      expect(islandsOf(readFileSync(join(dir, page), 'utf8'))[0]?.[PROPS_FILE_ATTRIBUTE]).toBe(
        `/_astro/${propsFileName(player.json)}`,
      );
    }
    expect(readdirSync(join(dir, '_astro'))).toEqual([propsFileName(player.json)]);
    expect(readFileSync(join(dir, '_astro', propsFileName(player.json)), 'utf8')).toBe(player.json);
  });
});
