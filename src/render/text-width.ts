import { guessedWidth, type TextWidth } from './drawing-geometry';

/**
 * A text's width as the page draws it: measured on a canvas of its own in the font given (Vega's
 * canvas renderer measures labels the same way). Where there is no canvas, a guess.
 */
let context: CanvasRenderingContext2D | null | undefined;

export const canvasTextWidth: TextWidth = (text, font) => {
  if (context === undefined)
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return guessedWidth(text, font);
  context.font = font;
  return context.measureText(text).width;
};
