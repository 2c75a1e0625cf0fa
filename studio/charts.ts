/**
 * The studio's charts in plain SVG (the numbers', the fans'), drawn for the eye only
 * (`aria-hidden`): each chart goes with a table of the same numbers for screen readers and for
 * anyone who wants the figures.
 */
import './charts.css';

const SVG = 'http://www.w3.org/2000/svg';

/** An HTML element with its text or children. */
export function html<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

/** A chart's SVG, drawn in a `width` × `height` box stretched to fit its place, for the eye only. */
function chartSvg(className: string, width: number, height: number): SVGSVGElement {
  return svg('svg', {
    class: className,
    viewBox: `0 0 ${width} ${height}`,
    preserveAspectRatio: 'none',
    'aria-hidden': 'true',
  });
}

/** The width a column chart gives each day or period, its columns' gap of 1 on either side included. */
const COLUMN_WIDTH = 10;

/** One series of a chart: its values and the CSS class that colours it. */
export interface Series {
  name: string;
  className: string;
  values: readonly number[];
}

/** The series' names beside their colours. */
export function legend(series: readonly Series[]): HTMLElement {
  return html(
    'ul',
    { class: 'legend', 'aria-hidden': 'true' },
    ...series.map((one) => html('li', {}, html('span', { class: `swatch ${one.className}` }), one.name)),
  );
}

/** Columns per day, the series stacked, scaled to the busiest day. */
export function stackedColumns(series: readonly Series[], days: number): SVGSVGElement {
  const totals = Array.from({ length: days }, (_, day) => series.reduce((sum, one) => sum + (one.values[day] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const chart = chartSvg('columns', days * COLUMN_WIDTH, 100);
  for (let day = 0; day < days; day += 1) {
    let top = 100;
    for (const one of series) {
      const height = ((one.values[day] ?? 0) / max) * 100;
      if (height <= 0) continue;
      top -= height;
      chart.append(
        svg('rect', { class: one.className, x: day * COLUMN_WIDTH + 1, y: top, width: COLUMN_WIDTH - 2, height }),
      );
    }
  }
  return chart;
}

/** Columns per period, the series side by side (joins beside leaves), scaled to the largest value. */
export function groupedColumns(series: readonly Series[], periods: number): SVGSVGElement {
  const max = Math.max(1, ...series.flatMap((one) => one.values.slice(0, periods)));
  const columnWidth = (COLUMN_WIDTH - 2) / Math.max(1, series.length);
  const chart = chartSvg('columns', periods * COLUMN_WIDTH, 100);
  for (let period = 0; period < periods; period += 1) {
    series.forEach((one, index) => {
      const height = ((one.values[period] ?? 0) / max) * 100;
      if (height <= 0) return;
      chart.append(
        svg('rect', {
          class: one.className,
          x: period * COLUMN_WIDTH + 1 + index * columnWidth,
          y: 100 - height,
          width: columnWidth,
          height,
        }),
      );
    });
  }
  return chart;
}

/** One row of a bar list: what it counts, its figure (in bold, with these attributes), and its drawing. */
export interface BarRow {
  label: string;
  figure: string;
  figureAttributes?: Record<string, string>;
  drawing: Node[];
}

/** Labelled rows of bars, for the eye only: the table beside them holds the same figures. */
export function barList(rows: readonly BarRow[]): HTMLUListElement {
  return html(
    'ul',
    { class: 'bar-list', 'aria-hidden': 'true' },
    ...rows.map(({ label, figure, figureAttributes = {}, drawing }) =>
      html('li', {}, html('span', { class: 'bar-label' }, label, html('b', figureAttributes, figure)), ...drawing),
    ),
  );
}

/** Horizontal bars of one row (one per series' value), scaled to `max`. */
export function bars(values: readonly { value: number; className: string }[], max: number): SVGSVGElement {
  const chart = chartSvg('bars', 100, values.length * 10);
  values.forEach(({ value, className }, index) => {
    const width = max > 0 ? (value / max) * 100 : 0;
    chart.append(svg('rect', { class: className, x: 0, y: index * 10 + 1, width, height: 8 }));
  });
  return chart;
}

/** A value beside its target: the bar fills to the target at the middle line, and past it beyond. */
export function againstTarget(value: number, target: number): SVGSVGElement {
  const chart = chartSvg('target', 100, 10);
  const width = Math.min(100, (value / target) * 50);
  chart.append(svg('rect', { class: value < target ? 'within' : 'over', x: 0, y: 1, width, height: 8 }));
  chart.append(svg('line', { class: 'target-line', x1: 50, x2: 50, y1: 0, y2: 10 }));
  return chart;
}

/**
 * The figures of a chart as a table named `title`, folded away under `summary` until asked for;
 * a table wider than the screen scrolls in its own region, which the keyboard can reach.
 */
export function figures(
  summary: string,
  title: string,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): HTMLElement {
  const head = html('tr', {}, ...headers.map((header) => html('th', { scope: 'col' }, header)));
  const body = rows.map((row) =>
    html(
      'tr',
      {},
      ...row.map((cell, index) => (index === 0 ? html('th', { scope: 'row' }, cell) : html('td', {}, cell))),
    ),
  );
  return html(
    'details',
    { class: 'figures' },
    html('summary', {}, summary),
    html(
      'div',
      { class: 'table-scroll', role: 'region', 'aria-label': title, tabindex: '0' },
      html('table', {}, html('caption', {}, title), html('thead', {}, head), html('tbody', {}, ...body)),
    ),
  );
}
