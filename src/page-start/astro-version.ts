/**
 * The Astro release this folder was last read against: router.ts follows the script of its
 * ClientRouter.astro, RouterTags.astro the tags that component writes, and persisted-islands.ts
 * the router's events and its swap of persisted islands. A test fails when another Astro is
 * installed, until someone compares them again and changes this line.
 */
export const CHECKED_ASTRO_VERSION = '7.3.4';
