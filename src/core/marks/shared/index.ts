export { isObject, type JsonObject } from '../../json';
export { isFiniteNumber } from './numbers';
export {
  declareOptions,
  option,
  optionSchema,
  type MarkOptions,
  type OptionDecl,
  type OptionsOf,
  type PartOption,
} from './declare';
export { configDefinition } from './options';
export { DIRECTION_COLORS, partStyle, splitUnit } from './parts';
