/** The JSON-LD a page carries for search engines: the artist as a schema.org Person. */
export interface PersonInput {
  name: string;
  url: string;
  image: string;
  jobTitle: string;
  organisation: string;
  sameAs: readonly string[];
}

/** Builds the Person object (SPEC §1: a Person with links to social profiles). */
export function personJsonLd(input: PersonInput): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: input.name,
    url: input.url,
    image: input.image,
    jobTitle: input.jobTitle,
    worksFor: { '@type': 'Organization', name: input.organisation },
    sameAs: [...input.sameAs],
  };
}

/**
 * Serialises JSON-LD for a `<script type="application/ld+json">`: `<` is escaped so no
 * content can close the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
