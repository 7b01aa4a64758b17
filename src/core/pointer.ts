/** JSON pointers (RFC 6901): how every Problem names its place in the spec. */
export type PathSegment = string | number;

export function toPointer(path: readonly PathSegment[]): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function joinPointer(base: string, relative: string): string {
  return base + relative;
}
