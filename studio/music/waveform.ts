/**
 * A track's waveform as an SVG of bars (0 to 1), mirrored around the middle, decorative. The
 * loudest bar fills the height: the shape matters here, not the level (shown as loudness).
 */

const SVG = 'http://www.w3.org/2000/svg';

export function waveformSvg(bars: readonly number[]): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${bars.length} 2`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'waveform');
  const loudest = Math.max(...bars, 0.01);
  bars.forEach((value, index) => {
    const rect = document.createElementNS(SVG, 'rect');
    const height = Math.max((value / loudest) * 2, 0.04);
    rect.setAttribute('x', String(index + 0.15));
    rect.setAttribute('y', String(1 - height / 2));
    rect.setAttribute('width', '0.7');
    rect.setAttribute('height', String(height));
    svg.append(rect);
  });
  return svg;
}
