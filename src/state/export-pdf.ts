import type { View } from 'vega';
import { chartSvg } from '../render/vega-runtime';

/** PDF points per CSS pixel: a page of the chart's size prints at the size it has on screen (96 px an inch). */
export const PT_PER_PX = 0.75;

/**
 * The chart as a one-page PDF of its own size: its SVG (with every item's description, as the SVG
 * export makes it) drawn by svg2pdf.js into jsPDF, so shapes stay vector and text stays text
 * (in the PDF's standard fonts: Vega's sans-serif is Helvetica). Both libraries are loaded on
 * the first PDF export, never with the page.
 */
export async function chartPdf(view: View): Promise<Blob> {
  const [{ jsPDF }, { svg2pdf }, text] = await Promise.all([import('jspdf'), import('svg2pdf.js'), chartSvg(view)]);
  const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  const width = Number(svg.getAttribute('width')) * PT_PER_PX;
  const height = Number(svg.getAttribute('height')) * PT_PER_PX;
  if (!(width > 0 && height > 0)) throw new Error('The chart has no size to make a page of');
  const pdf = new jsPDF({
    unit: 'pt',
    format: [width, height],
    // jsPDF swaps the sides of a page wider than high unless told it lies across.
    orientation: width > height ? 'landscape' : 'portrait',
    compress: true,
  });
  // svg2pdf measures text in the document: the SVG is in it only while it is drawn.
  const holder = document.createElement('div');
  holder.style.cssText = 'position:absolute;left:-100000px;top:0;visibility:hidden';
  holder.append(svg);
  document.body.append(holder);
  try {
    await svg2pdf(svg, pdf, { x: 0, y: 0, width, height });
  } finally {
    holder.remove();
  }
  return pdf.output('blob');
}
