/** The site menu's entries: each a section of the home page and the translation key of its name. */
export const MENU_ENTRIES = [
  ['#singles', 'menu:singles'],
  ['#bloodscocktail', 'menu:cocktailN1'],
  ['#cocktailn2', 'menu:cocktailN2'],
  ['#ttmm', 'menu:album'],
  ['#videos', 'menu:videos'],
  ['#poems', 'menu:poems'],
  ['#contact', 'menu:contact'],
] as const;
