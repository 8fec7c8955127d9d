// What V8 compiles on a page's main thread before its first picture: the
// `wasm.CompileLazy` trace events (V8 compiles a wasm function with
// Liftoff at its first call, the whole function) from navigation start to
// the first drawn picture, with the bytes of code of each function read
// from the module's code section. Used by firstpaint_compile.mjs (the
// benchmark) and firstframe.test.mjs (the budget); docs/performance/first-paint.md,
// "What the first picture compiles, less".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { traceFirstPicture } from './harness.mjs';

const CATEGORIES = 'v8.wasm,disabled-by-default-v8.wasm.detailed,blink.user_timing';

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

/** Skips a `limits` (memory, table): the offset after it. */
function skipLimits(bytes, at) {
  const flags = bytes[at++];
  [, at] = leb(bytes, at);
  if (flags & 1) [, at] = leb(bytes, at);
  return at;
}

/**
 * The size in bytes of each function body of a WebAssembly module, by
 * function index (imported functions first, as the trace numbers them).
 */
export function functionSizes(bytes) {
  const sizes = new Map();
  let imported = 0;
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at++];
    let size;
    [size, at] = leb(bytes, at);
    const end = at + size;
    if (id === 2) {
      let n;
      let p;
      [n, p] = leb(bytes, at);
      for (let i = 0; i < n; i++) {
        for (let name = 0; name < 2; name++) {
          let len;
          [len, p] = leb(bytes, p);
          p += len;
        }
        const kind = bytes[p++];
        if (kind === 0) {
          [, p] = leb(bytes, p);
          imported += 1;
        } else if (kind === 1) p = skipLimits(bytes, p + 1);
        else if (kind === 2) p = skipLimits(bytes, p);
        else if (kind === 3) p += 2;
        else if (kind === 4) [, p] = leb(bytes, p + 1);
        else throw new Error(`import kind ${kind} not read`);
      }
    } else if (id === 10) {
      let n;
      let p;
      [n, p] = leb(bytes, at);
      for (let i = 0; i < n; i++) {
        let body;
        [body, p] = leb(bytes, p);
        sizes.set(imported + i, body);
        p += body;
      }
    }
    at = end;
  }
  return sizes;
}

/**
 * Loads `url` once in a new page of `context` (which must have
 * `watchFirstPicture`) with tracing on: the first picture's time (ms), and
 * the main thread's lazy compiles up to it: their count, summed time (ms)
 * and bytes of code (the module read from `dist`). The page is closed.
 */
export async function compiledBeforePicture(context, url, dist) {
  const { page, events, marks } = await traceFirstPicture(context, url, CATEGORIES, () => ({
    picture: window.__firstPaint,
    wasm: performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('_bg.wasm')),
  }));
  try {
    if (marks.wasm.length !== 1) throw new Error(`expected one wasm module, got ${marks.wasm}`);
    const sizes = functionSizes(readFileSync(join(dist, new URL(marks.wasm[0]).pathname)));
    const threads = new Map(
      events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]),
    );
    const main = (e) => threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
    const start = events.find((e) => e.name === 'navigationStart' && main(e));
    if (!start) throw new Error('no navigationStart in the trace');
    const until = start.ts + marks.picture * 1000;
    const lazy = events.filter((e) => e.name === 'wasm.CompileLazy' && main(e) && e.ts <= until);
    const bytes = lazy.reduce((sum, e) => {
      const size = sizes.get(e.args?.func_index);
      if (size === undefined) throw new Error(`no function ${e.args?.func_index} in the module`);
      return sum + size;
    }, 0);
    return {
      picture: marks.picture,
      count: lazy.length,
      ms: lazy.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
      bytes,
      moduleBytes: [...sizes.values()].reduce((a, b) => a + b, 0),
    };
  } finally {
    await page.close();
  }
}
