/**
 * The part of the WebAssembly JavaScript API we use (shared/raster/subFilter.ts). Node has it
 * globally; TypeScript declares it only in its DOM and worker libraries, which we do not load.
 */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
}
