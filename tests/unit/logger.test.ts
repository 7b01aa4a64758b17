import { describe, expect, it } from 'vitest';
import { captureLogger, type LogEntry } from '../../src/core/logger';

function capture(level?: number) {
  const entries: LogEntry[] = [];
  const logger = captureLogger((e) => entries.push(e), level);
  return { entries, logger };
}

describe('captureLogger', () => {
  it('records errors and warnings at the default level, not infos', () => {
    const { entries, logger } = capture();
    logger.error('bad');
    logger.warn('careful');
    logger.info('fyi');
    logger.debug('noise');
    expect(entries).toEqual([
      { level: 'error', message: 'bad' },
      { level: 'warn', message: 'careful' },
    ]);
  });

  it('records infos at level 3 and above', () => {
    const { entries, logger } = capture(3);
    logger.info('fyi');
    expect(entries).toEqual([{ level: 'info', message: 'fyi' }]);
  });

  it('records only errors below level 2', () => {
    const { entries, logger } = capture(1);
    logger.warn('careful');
    logger.info('fyi');
    logger.error('bad');
    expect(entries).toEqual([{ level: 'error', message: 'bad' }]);
  });

  it('reads and changes its level, and chains', () => {
    const { entries, logger } = capture();
    expect(logger.level()).toBe(2);
    expect(logger.level(0)).toBe(logger);
    expect(logger.level()).toBe(0);
    logger.warn('dropped');
    logger.level(2);
    expect(logger.warn('kept')).toBe(logger);
    expect(logger.error('e')).toBe(logger);
    expect(entries.map((e) => e.message)).toEqual(['kept', 'e']);
  });

  it('joins its arguments: strings as is, errors by message, other values as JSON', () => {
    const { entries, logger } = capture();
    logger.warn('Value', { a: 1 }, [2], 3, null, new Error('boom'));
    expect(entries[0]!.message).toBe('Value {"a":1} [2] 3 null boom');
  });

  it('does not throw on values JSON cannot write', () => {
    const { entries, logger } = capture();
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => logger.warn('cyclic', cyclic, undefined, 10n)).not.toThrow();
    expect(entries[0]!.message).toBe('cyclic [object Object] undefined 10');
  });

  it('trims the joined message', () => {
    const { entries, logger } = capture();
    logger.warn('', '  padded  ');
    expect(entries[0]!.message).toBe('padded');
  });
});
