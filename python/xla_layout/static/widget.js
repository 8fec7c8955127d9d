// The anywidget front end of xla_layout.show(): the <xla-layout> element,
// loaded from files shipped inside the wheel (no network), with the static
// SVG drawn by the core as the figure until the element has mounted (and
// for good when the wheel was built without the app's wasm).
//
// The element's contract (static/xla-layout-element.js): if
// globalThis.XLA_LAYOUT_LOAD is a function, the element calls it for a
// Promise of the initialised wasm-bindgen module. The first view asks its
// kernel for the files (a custom message): the glue JS as text, imported
// from a Blob URL, the wasm as a binary buffer, the element's script as
// text, imported from a Blob URL too; later views reuse the element.

// Synced as they are; `sharding` only when the kernel can hand over the
// sharded embed module (`_sharded`), `device` from `_device_index` (the
// element counts devices as they are listed; the widget's `device` is an id).
const OPTIONS = ['shape', 'view', 'controls', 'autoplay', 'speed', 'theme', 'select', 'step', 'compare'];

let loading = null;
const modules = {};

/** Asks the kernel side of `model` for module `kind`'s files ('embed', or
 *  'sharded': the embed module that also reads shardings) with a custom
 *  message, so they are not widget state that a saved notebook keeps. */
function askForFiles(model, kind) {
  return new Promise((resolve) => {
    // No answer (no kernel: a notebook reopened later): give up after 60 s,
    // so that a widget of a live kernel can ask again.
    const timer = setTimeout(() => {
      model.off('msg:custom', onMessage);
      resolve({});
    }, 60_000);
    const onMessage = (message, buffers) => {
      if (!message || message.type !== 'xla-layout-assets') return;
      if ((message.kind || 'embed') !== kind) return;
      clearTimeout(timer);
      model.off('msg:custom', onMessage);
      resolve({ glue: message.glue, element: message.element, wasm: buffers && buffers[0] });
    };
    model.on('msg:custom', onMessage);
    model.send({ type: 'xla-layout-assets?', kind });
  });
}

/** Module `kind` initialised from the kernel's files, once per page:
 *  `{ glue, element }`, or null without the files. */
function loadModule(model, kind) {
  if (!modules[kind]) {
    modules[kind] = askForFiles(model, kind).then(async ({ glue: glueText, element, wasm }) => {
      if (!glueText || !wasm || wasm.byteLength === 0) {
        delete modules[kind]; // another widget (another kernel) may have them
        return null;
      }
      const glueUrl = URL.createObjectURL(new Blob([glueText], { type: 'text/javascript' }));
      const glue = await import(/* webpackIgnore: true */ glueUrl);
      const bytes = ArrayBuffer.isView(wasm)
        ? new Uint8Array(wasm.buffer, wasm.byteOffset, wasm.byteLength)
        : new Uint8Array(wasm);
      await glue.default({ module_or_path: bytes });
      return { glue, element };
    });
  }
  return modules[kind];
}

/** Defines <xla-layout> once per page; resolves false without the files. */
function loadElement(model) {
  if (customElements.get('xla-layout')) return Promise.resolve(true);
  if (loading) return loading;
  loading = loadModule(model, 'embed').then(async (embed) => {
    if (!embed || !embed.element) {
      loading = null;
      return false;
    }
    // The element asks once per module ('embed' or 'sharded').
    globalThis.XLA_LAYOUT_LOAD = (kind) => loadModule(model, kind).then((m) => {
      if (!m) throw new Error(`xla-layout: the kernel has no ${kind} module`);
      return m.glue;
    });
    if (!customElements.get('xla-layout')) {
      // Imported as a module from a Blob URL, as the glue is (and as
      // anywidget loads this file): document.currentScript is then null,
      // which the element reads as "no files next to me" (a <script src>
      // of a blob: URL would make it resolve names against blob:, which
      // throws); it calls XLA_LAYOUT_LOAD instead of fetching.
      const url = URL.createObjectURL(new Blob([embed.element], { type: 'text/javascript' }));
      try {
        await import(/* webpackIgnore: true */ url);
      } finally {
        URL.revokeObjectURL(url);
      }
      if (!customElements.get('xla-layout')) throw new Error('xla-layout: the element script did not define <xla-layout>');
    }
    return true;
  });
  return loading;
}

/** The figure as SVG nodes (parsed as XML: nothing in it runs). */
function staticFigure(svg) {
  const box = document.createElement('div');
  box.className = 'xla-layout-static';
  if (svg) {
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    if (doc.documentElement && doc.documentElement.nodeName === 'svg') {
      const node = document.importNode(doc.documentElement, true);
      node.style.maxWidth = '100%';
      node.style.height = 'auto';
      box.append(node);
    }
  }
  return box;
}

function setAttributes(node, model) {
  const sharding = model.get('_sharded') ? model.get('sharding') : '';
  const index = sharding ? model.get('_device_index') : null;
  for (const [name, value] of [['sharding', sharding], ['device', index]]) {
    if (value === '' || value === null || value === undefined) node.removeAttribute(name);
    else node.setAttribute(name, String(value));
  }
  for (const name of OPTIONS) {
    const value = model.get(name);
    if (name === 'autoplay') {
      if (value) node.setAttribute('autoplay', '');
      else node.removeAttribute('autoplay');
    } else if (value === '' || value === null || value === undefined) {
      node.removeAttribute(name);
    } else {
      node.setAttribute(name, String(value));
    }
  }
}

function render({ model, el }) {
  el.classList.add('xla-layout-widget');
  let fallback = staticFigure(model.get('_svg'));
  el.append(fallback);
  let node = null;
  let mounted = false;
  let alive = true;

  loadElement(model).then((ok) => {
    if (!ok || !alive) {
      el.dataset.xlaLayout = ok ? 'closed' : 'static';
      return;
    }
    node = document.createElement('xla-layout');
    node.style.height = model.get('height') + 'px';
    setAttributes(node, model);
    node.addEventListener('xla-layout-mounted', () => {
      mounted = true;
      fallback.style.display = 'none';
      el.dataset.xlaLayout = 'mounted';
    });
    el.append(node);
  }, (error) => {
    el.dataset.xlaLayout = 'error';
    const message = document.createElement('div');
    message.className = 'xla-layout-error';
    message.textContent = String(error && error.message ? error.message : error);
    el.append(message);
  });

  const redraw = () => {
    const next = staticFigure(model.get('_svg'));
    if (mounted) next.style.display = 'none';
    fallback.replaceWith(next);
    fallback = next;
    if (node) {
      node.style.height = model.get('height') + 'px';
      setAttributes(node, model);
    }
  };
  const events = [...OPTIONS, 'sharding', '_device_index', '_svg', 'height'].map((name) => `change:${name}`);
  for (const event of events) model.on(event, redraw);
  return () => {
    alive = false;
    for (const event of events) model.off(event, redraw);
    if (node) node.remove();
  };
}

export default { render };
