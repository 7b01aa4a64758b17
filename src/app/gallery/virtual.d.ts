declare module 'virtual:chartspec-gallery' {
  import type { ExampleInfo } from '../../core/gallery';
  /** Every example in examples/, in gallery order, with its build-time thumbnail's URL. */
  export const examples: (ExampleInfo & { file: string; thumbnail: string | null })[];
}
