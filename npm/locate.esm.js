  // The npm package's ES module (scripts/package.sh writes these lines over
  // the element script's LOCATE block): the modules beside this file, named
  // literally so that bundlers (Vite, webpack 5, Rollup, esbuild) copy them
  // and rewrite the addresses.
  /** Module `kind`'s glue (a Promise of its ES module) and wasm (a Promise of its Response). */
  function locate(kind) {
    return kind === 'sharded'
      ? { glue: import('./xla-layout-embed-sharded.js'), wasm: fetch(new URL('./xla-layout-embed-sharded_bg.wasm', import.meta.url)) }
      : { glue: import('./xla-layout-embed.js'), wasm: fetch(new URL('./xla-layout-embed_bg.wasm', import.meta.url)) };
  }
