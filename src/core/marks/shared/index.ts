export { isObject, type JsonObject } from '../../json';
export { isFiniteNumber } from './numbers';
export { configDefinition, resolveOptions } from './options';
export { DIRECTION_COLORS, partStyle, splitUnit } from './parts';
