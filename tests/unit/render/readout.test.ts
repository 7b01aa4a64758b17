import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatPrice,
  formatTime,
  formatVolume,
  readoutOf,
  readoutText,
} from '../../../src/render/readout';

const fields = { x: 'date', temporal: true, open: 'o', high: 'h', low: 'l', close: 'c', volume: 'v' };

describe('the crosshair readout', () => {
  it('reads a bar as trading tools do: date, O H L C, change from the bar before, volume', () => {
    const t = Date.UTC(2024, 0, 21);
    const bar = { __t: t, __step: 86_400_000, o: 107.95, h: 109.24, l: 106.95, c: 108.24, v: 1_234_567 };
    const before = { c: 108.61 };
    expect(readoutText(readoutOf(bar, before, fields))).toBe(
      'Sun, 21 Jan 2024  O 107.95  H 109.24  L 106.95  C 108.24  −0.37 (−0.34%)  Vol 1.23M',
    );
    const parts = readoutOf(bar, before, fields);
    expect(parts.find((p) => p.direction)?.direction).toBe('falling');
    // The first bar's change is from its own open.
    expect(readoutText(readoutOf({ ...bar, c: 109 }, undefined, fields))).toContain('+1.05 (+0.97%)');
  });

  it('gives prices the decimals their size needs, volumes a short form, intraday bars their time', () => {
    expect(formatPrice(1234.5)).toBe('1,234.50');
    expect(formatPrice(0.012345)).toBe('0.01235');
    expect(formatPrice(152_000)).toBe('152,000');
    expect(formatPrice(NaN)).toBe('–');
    expect(formatVolume(950)).toBe('950');
    expect(formatVolume(12_345)).toBe('12.35K');
    expect(formatVolume(4_560_000_000)).toBe('4.56B');
    expect(formatChange(0, 10, 10)).toBe('0.00 (0.00%)');
    expect(formatTime(Date.UTC(2024, 0, 2, 14, 30), true, 300_000)).toMatch(/2 Jan 2024.*14:30/);
    expect(formatTime(42, false)).toBe('42.00');
  });
});
