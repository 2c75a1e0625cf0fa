/** Stands in for a Markdown plugin (remark-gfm) that only the replaced hint parser used. */
export default function noPlugin(): void {}
