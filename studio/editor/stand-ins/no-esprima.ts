/**
 * Stands in for esprima, which js-yaml loads only to run `!!js/function` tags: the studio's
 * content is data, and without it such a tag is refused rather than turned into code.
 */
export {};
