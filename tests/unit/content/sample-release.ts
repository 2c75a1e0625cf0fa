/**
 * A valid release file written by the tests, for the checks that need one: the artist's own
 * files may be renamed, rewritten or deleted, and no test should need a given one to exist.
 */

/** A single with the fields every release needs, in the three languages. */
export const SAMPLE_RELEASE = {
  title: 'Lançamento de Teste',
  kind: 'Single',
  released: '2024-05',
  playlist: 'Singles',
  description: { pt: 'Um lançamento de teste.', en: 'A test release.', es: 'Un lanzamiento de prueba.' },
};

/** The sample release with `change` applied, as a file's JSON text. */
export const sampleReleaseJson = (change: object = {}): string =>
  `${JSON.stringify({ ...SAMPLE_RELEASE, ...change }, null, 2)}\n`;
