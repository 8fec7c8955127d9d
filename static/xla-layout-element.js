// <xla-layout shape="f32[3,5]{1,0:T(2,2)}" view="both" controls="compact" autoplay></xla-layout>
//
// A custom element for static pages (issue 9): one classic <script src> of
// this file, then any number of elements. All elements share ONE loaded
// wasm module (the embed module, built by Trunk beside the app: embed mode
// without the full app's code): each element mounts the
// embed view into its shadow root with the module's
// `mount_xla_layout(host, options)` when it first comes within 200 px of
// the viewport (IntersectionObserver; on page load, as soon as the module
// is ready), redraws when an attribute changes
// (`handle.set_options`), and unmounts when it leaves the page
// (`handle.destroy`). Nothing runs while idle: the view asks for animation
// frames only while playing.
//
// Attributes (as embed mode's address options): shape, view
// (both|logical|memory), controls (none|compact|full), autoplay (present =
// on, "false" = off), speed, theme (light|dark|system), select ("i,j"),
// step (a tiling step), compare (a second shape of the same dims: its
// memory drawn under the picture, hover linked; the verdict with controls;
// an invalid text shows its error as text), sharding (any form the app's
// sharding field reads: the picture is then one device's shard, under a
// strip with the device grid) and device (which device, an index into the
// devices as the app's picker lists them; default 0) and app (the full
// app's address, for the "open in the full app" link, which is left out
// without it; `data-app` on this script's tag gives every element a
// default; either is read relative to the page). The element is 320x200 at least; size it with CSS
// (default 100% x 320px). It fires `xla-layout-mounted` when its view is
// mounted.
//
// Loading: the embed module's glue JS and wasm are found next to this file
// under the hashed names Trunk's post_build hook writes below. An element
// with a sharding uses the sharded embed module instead (the embed module
// that also reads shardings, fetched only when an element has one). If
// `globalThis.XLA_LAYOUT_LOAD` is a function, it is called instead, once
// per module, with 'embed' or 'sharded', and must return a Promise of the
// initialised wasm-bindgen module (an object with `mount_xla_layout`).
// Modules that cannot load (a missing file, no WebAssembly) are said so in
// each element's own box (`.load-error` in its shadow root, as text).
//
// The npm package (npm/, scripts/package.sh) builds its ES module from
// this file: the lines between the LOCATE markers are replaced by ones
// that find the modules beside the package's module (new URL(..,
// import.meta.url), which bundlers follow).
//
// A page that loads this script twice (or two copies of the package)
// keeps the first definition: the second copy warns once and does
// nothing.

(() => {
  // Not a browser (a bundler's server-side render imported the package):
  // nothing to define.
  if (typeof customElements === 'undefined') return;
  if (customElements.get('xla-layout')) {
    console.warn('xla-layout: <xla-layout> is already defined on this page (a second copy of its script or package); this copy is not used');
    return;
  }
  const script = document.currentScript;
  const base = new URL('.', script ? script.src : location.href);
  // The page's default for every element's `app` (the script's data-app).
  const DEFAULT_APP = script && script.dataset ? script.dataset.app : undefined;
  const OPTIONS = ['shape', 'view', 'controls', 'autoplay', 'speed', 'theme', 'select', 'step', 'compare', 'sharding', 'device', 'app'];

  // LOCATE-BEGIN (the npm package's ES module replaces the lines from here
  // to the end marker: scripts/package.sh)
  // The embed module (embed mode without the full app's code), written by
  // scripts/module-names.sh (Trunk post_build hook).
  const BUILD = { js: '__XLA_EMBED_JS__', wasm: '__XLA_EMBED_WASM__' };
  const SHARDED = { js: '__XLA_EMBED_SHARDED_JS__', wasm: '__XLA_EMBED_SHARDED_WASM__' };

  /** The hashed file names of module `kind`'s glue JS and wasm. */
  function names(kind) {
    const build = kind === 'sharded' ? SHARDED : BUILD;
    if (build.js.startsWith('__')) {
      // Only the embed modules export the element's API, and only the
      // build knows their hashed names.
      throw new Error('xla-layout: this copy of xla-layout-element.js has no module names; use the one in the build\'s dist/ (Trunk writes them), or set globalThis.XLA_LAYOUT_LOAD');
    }
    return build;
  }

  /** Module `kind`'s glue (a Promise of its ES module) and wasm (a Promise of its Response). */
  function locate(kind) {
    const n = names(kind);
    // Fetch the wasm while the glue JS loads (not one after the other).
    const wasm = fetch(new URL(n.wasm, base));
    return { glue: import(new URL(n.js, base).href), wasm };
  }
  // LOCATE-END

  const loading = {};
  /**
   * The initialised wasm-bindgen module `kind` ('embed', or 'sharded' for
   * elements with a sharding), loaded once for all elements; as soon as it
   * is ready, the elements then in view mount (`mountInView`).
   */
  function load(kind = 'embed') {
    if (!loading[kind]) {
      loading[kind] = typeof globalThis.XLA_LAYOUT_LOAD === 'function'
        ? Promise.resolve(globalThis.XLA_LAYOUT_LOAD(kind))
        : Promise.resolve(kind).then(locate).then(async (files) => {
          // A Response makes wasm-bindgen compile the wasm while it
          // streams in (WebAssembly.instantiateStreaming); a missing file
          // is an error, not a 404 page handed to the compiler.
          const wasm = files.wasm.then((response) => {
            if (response && response.ok === false) throw new Error(`${response.url}: HTTP ${response.status}`);
            return response;
          });
          wasm.catch(() => {}); // reported by the glue's start below
          const glue = await files.glue;
          await glue.default({ module_or_path: wasm });
          return glue;
        });
      loading[kind].then(mountInView, () => {});
    }
    return loading[kind];
  }

  // Elements mount in batches of about BATCH_MS, each batch in its own
  // task (a MessageChannel message: no timer clamping), the first batch
  // one element. The second batch waits two frames: the first picture is
  // drawn when its canvas is first laid out and shown in that frame,
  // instead of behind a batch of further mounts (docs.html, 9 loads x 4,
  // quiet machine: first element drawn 241-308 -> 228-253 ms median, all
  // 21 drawn 478-526 -> 534-565 ms). The rest follow in a few steps, not
  // all at the end of one long task.
  const BATCH_MS = 100;
  const queue = [];
  let draining = false;
  let first = true;
  const channel = new MessageChannel();
  channel.port1.onmessage = async () => {
    const start = performance.now();
    do {
      try {
        queue.shift()();
      } catch (error) {
        console.error(error); // one element failed; the others still mount
      }
      // Let the mounted view render (yew renders in microtasks).
      await new Promise((resolve) => queueMicrotask(resolve));
    } while (!first && queue.length && performance.now() - start < BATCH_MS);
    const wasFirst = first;
    first = false;
    if (!queue.length) draining = false;
    else if (wasFirst) afterFrames(2, () => channel.port2.postMessage(null));
    else channel.port2.postMessage(null);
  };
  /** Runs `f` after `n` frames, or after 200 ms where no frames come (a hidden page). */
  function afterFrames(n, f) {
    let done = false;
    const once = () => {
      if (!done) {
        done = true;
        f();
      }
    };
    const frame = (k) => requestAnimationFrame(() => (k > 1 ? frame(k - 1) : once()));
    frame(n);
    setTimeout(once, 200);
  }
  function enqueue(job) {
    queue.push(job);
    if (!draining) {
      draining = true;
      channel.port2.postMessage(null);
    }
  }

  /** Elements mount once within this many px of the viewport. */
  const MARGIN = 200;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        observer.unobserve(entry.target);
        entry.target.mount();
      }
    }
  }, { rootMargin: `${MARGIN}px` });

  // The observer's first report comes with the page's first rendering:
  // 140-200 ms into docs.html, measured, while the module is ready at
  // 85-100 ms. So once the module is ready, the elements already in view
  // (or within MARGIN of it) mount at once, at the cost of one layout;
  // the observer still mounts the others as they scroll into view.
  // (docs.html, 9 loads: first element drawn 218-262 ms before.)
  function mountInView() {
    for (const el of document.querySelectorAll('xla-layout')) {
      if (!(el instanceof XlaLayout) || el.handle || el.mounting) continue;
      const r = el.getBoundingClientRect();
      const shown = r.width > 0 && r.height > 0; // not display: none
      if (shown && r.bottom > -MARGIN && r.top < innerHeight + MARGIN && r.right > -MARGIN && r.left < innerWidth + MARGIN) {
        observer.unobserve(el);
        el.mount();
      }
    }
  }

  class XlaLayout extends HTMLElement {
    static get observedAttributes() {
      return OPTIONS;
    }

    connectedCallback() {
      if (!this.style.display) this.style.display = 'block';
      if (!this.style.minWidth) this.style.minWidth = '320px';
      if (!this.style.minHeight) this.style.minHeight = '200px';
      if (!this.style.height) this.style.height = '320px';
      if (!this.hasAttribute('role')) this.setAttribute('role', 'figure');
      this.updateLabel();
      load(this.kind).catch(() => {}); // start fetching and compiling now
      observer.observe(this);
    }

    disconnectedCallback() {
      observer.unobserve(this);
      this.pending = false;
      this.unmount();
    }

    /** Removes the view and releases its handle, if mounted. */
    unmount() {
      if (this.handle) {
        this.handle.destroy();
        this.handle.free();
        this.handle = null;
      }
    }

    attributeChangedCallback() {
      this.updateLabel();
      if (this.handle && this.handleKind !== this.kind) {
        // A sharding given or taken away: the other module draws it.
        this.unmount();
        this.mount();
        return;
      }
      if (!this.handle || this.pending) return;
      // Several attributes set in a row redraw once.
      this.pending = true;
      queueMicrotask(() => {
        this.pending = false;
        if (this.handle) this.handle.set_options(this.options);
      });
    }

    updateLabel() {
      this.setAttribute('aria-label', `XLA layout of ${this.getAttribute('shape') ?? ''}`);
    }

    /** The module this element needs: 'sharded' when it has a sharding. */
    get kind() {
      return (this.getAttribute('sharding') ?? '').trim() ? 'sharded' : 'embed';
    }

    /** The attributes as mount_xla_layout's options (strings). */
    get options() {
      const options = {};
      for (const name of OPTIONS) {
        if (!this.hasAttribute(name)) continue;
        const value = this.getAttribute(name);
        options[name] = name === 'autoplay' ? (value === 'false' ? '0' : '1') : value;
      }
      const app = options.app ?? DEFAULT_APP;
      delete options.app;
      if (app !== undefined && app.trim() !== '') {
        try {
          // Relative to the page (not to the shadow root's link), without
          // query or fragment; only http, https and file addresses become
          // a link (the module checks again).
          const url = new URL(app, document.baseURI);
          url.search = '';
          url.hash = '';
          if (['http:', 'https:', 'file:'].includes(url.protocol)) options.app = url.href;
        } catch {
          // Not an address: no link.
        }
      }
      return options;
    }

    /** Mounts the view (once the module is loaded) if still on the page. */
    mount() {
      if (this.handle || this.mounting) return;
      this.mounting = true;
      const kind = this.kind;
      load(kind).then((glue) => enqueue(() => {
        this.mounting = false;
        if (!this.isConnected || this.handle) return;
        if (kind !== this.kind) {
          this.mount(); // the sharding changed while its module loaded
          return;
        }
        this.handle = glue.mount_xla_layout(this, this.options);
        this.handleKind = kind;
        this.dispatchEvent(new Event('xla-layout-mounted'));
      }), (error) => {
        this.mounting = false;
        console.error('xla-layout: the wasm module failed to load', error);
        this.showLoadError(error);
      });
    }

    /** Says in the element's own box that its module could not load (as text). */
    showLoadError(error) {
      const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      if (root.querySelector('.load-error')) return;
      const alert = document.createElement('p');
      alert.className = 'load-error';
      alert.setAttribute('role', 'alert');
      alert.style.cssText = 'box-sizing:border-box;margin:0;padding:0.75em 1em;height:100%;overflow:auto;'
        + 'border:1px solid #b3261e;border-radius:4px;background:#fdecea;color:#601410;font:14px/1.4 system-ui,sans-serif';
      const why = error && error.message ? error.message : String(error);
      const where = location.protocol === 'file:'
        ? ' Browsers do not load modules from file:// pages; serve the folder (python3 -m http.server) and open it from there.'
        : ' Check that the module files were copied beside the element\'s script.';
      alert.textContent = `This figure could not load its WebAssembly module (${why}).${where}`;
      root.replaceChildren(alert);
    }
  }

  customElements.define('xla-layout', XlaLayout);
})();
