// The part of the WebAssembly JavaScript interface that `md5-lanes.ts` uses. Node has it as a
// global, but @types/node 20 does not declare it (TypeScript's DOM library does, and main is
// compiled without the DOM).
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
  }
  function validate(bytes: Uint8Array): boolean;
}
