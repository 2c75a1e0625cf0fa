declare namespace App {
  interface Locals {
    /**
     * The page draws the sprite's symbols in itself rather than pointing at
     * /icons.<version>.svg (src/data/icon-sprite.ts): set by a page before it renders, read by
     * BaseLayout.astro and SpriteDrawing.astro.
     */
    inlineDrawings?: boolean;
  }
}
