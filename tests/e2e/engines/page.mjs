// Scripts the engine tests run in the page (WebDriver's execute_script:
// function bodies reading `arguments`). Canvas pixels are read the same way
// in every engine: drawImage into a scratch 2-D canvas, then getImageData.

/** Distinct colours on a canvas (its picture as drawn). */
const COLOURS = `
  function colours(canvas) {
    if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
    const scratch = document.createElement('canvas');
    scratch.width = canvas.width;
    scratch.height = canvas.height;
    const ctx = scratch.getContext('2d');
    ctx.drawImage(canvas, 0, 0);
    const data = ctx.getImageData(0, 0, scratch.width, scratch.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  }
  function picture(canvas, after) {
    const generation = Number(canvas?.dataset.generation ?? 0);
    if (!(generation > after)) return null;
    return { generation, world: canvas.dataset.logicalWorld, unfolded: canvas.dataset.logicalUnfolded, colours: colours(canvas) };
  }
`;

/** arguments: [after]; the page's picture once its generation is past `after`. */
export const drawn = `${COLOURS}
  return picture(document.getElementById('layout-canvas'), arguments[0]);`;

/** The page's picture generation (0 before the first). */
export const generation = `return Number(document.getElementById('layout-canvas')?.dataset.generation ?? 0);`;

/** arguments: [name, value]; whether the address's ?name= is value. */
export const queryIs = `return new URL(location.href).searchParams.get(arguments[0]) === arguments[1];`;

/** arguments: [m2m]; the summary once its minor_to_major reads m2m. */
export const summaryOf = `
  const m2m = document.querySelector('[data-row="sum-m2m"]')?.textContent ?? '';
  if (!m2m.includes(arguments[0])) return null;
  return { dims: document.querySelector('[data-row="sum-dims"]')?.textContent ?? '' };`;

/** The error under the input, once there is one. */
export const errorText = `return document.getElementById('shape-error')?.textContent || null;`;

/**
 * arguments: [wx, wy]; the centre of logical cell (wx, wy) as an offset from
 * the canvas's centre (where WebDriver's pointer moves with the canvas as
 * origin), from the canvas's published pane and camera.
 */
export const cellFromCentre = `
  const c = document.getElementById('layout-canvas');
  const [x, y] = c.dataset.logical.split(',').map(Number);
  const [cx, cy, scale] = c.dataset.cameraLogical.split(',').map(Number);
  const box = c.getBoundingClientRect();
  const px = x + (arguments[0] + 0.5 - cx) * scale;
  const py = y + (arguments[1] + 0.5 - cy) * scale;
  return [Math.round(px - box.width / 2), Math.round(py - box.height / 2)];`;

/** arguments: [caption]; whether the worked steps' caption reads so. */
export const workedCaption = `return document.querySelector('#worked-steps caption')?.textContent.trim() === arguments[0];`;

/** Each index cell of the worked steps: its text, its height and a one-line probe's. */
export const indexCells = `
  return [...document.querySelectorAll('#worked-steps td.index code')].map((code) => {
    const probe = code.cloneNode();
    probe.textContent = '(0)';
    code.parentElement.append(probe);
    const line = probe.getBoundingClientRect().height;
    probe.remove();
    return { text: code.textContent, height: code.getBoundingClientRect().height, line };
  });`;

/** Keeps the page's downloads (an <a download> clicked) instead of saving them. */
export const catchDownloads = `
  window.__downloads = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (this.download) window.__downloads.push({ name: this.download, href: this.href });
    else click.call(this);
  };`;

/** Async: the first download caught, read as an SVG figure (name, title, cell counts). */
export const readDownload = `
  const done = arguments[arguments.length - 1];
  (async () => {
    for (let i = 0; i < 100 && window.__downloads.length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    const file = window.__downloads[0];
    if (!file) return { error: 'nothing was downloaded' };
    const text = await (await fetch(file.href)).text();
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    if (doc.querySelector('parsererror')) return { name: file.name, error: doc.querySelector('parsererror').textContent };
    const widths = (pane, cls) =>
      [...doc.querySelectorAll('g.pane.' + pane + ' rect.' + cls)].reduce((sum, r) => sum + Number(r.getAttribute('width')), 0);
    return {
      name: file.name,
      title: doc.querySelector('title')?.textContent,
      memoryCells: widths('memory', 'cell'),
      memoryPads: widths('memory', 'pad'),
      logicalCells: widths('logical', 'cell'),
    };
  })().then(done, (e) => done({ error: String(e) }));`;

/** arguments: [i]; the i-th <xla-layout>'s picture once drawn. */
export const elementDrawn = `${COLOURS}
  const el = document.querySelectorAll('xla-layout')[arguments[0]];
  return picture(el?.shadowRoot?.getElementById('layout-canvas'), 0);`;

/** The embed code's label once the clipboard has answered (not while copying). */
export const copyOutcome = `
  const label = document.querySelector('label.embed-code')?.firstChild?.textContent?.trim();
  return label && !label.includes('copying') ? label : null;`;

/**
 * arguments: [root] (a document or an element's shadow root, null for the
 * document): the picture's text alternative (the element its canvas's
 * aria-describedby names, looked up in the same tree) and the cursor's
 * readout, as assistive technology gets them.
 */
export const forReaders = `
  const root = arguments[0]?.shadowRoot ?? document;
  const canvas = root.getElementById('layout-canvas');
  const alt = root.getElementById(canvas?.getAttribute('aria-describedby') ?? '');
  const readout = root.getElementById('cursor-readout');
  return { alt: alt?.querySelector('p')?.textContent ?? null, readout: readout ? readout.tagName + ' ' + readout.textContent : null };`;

/** The app's second part once instantiated: { split, sync } (Trunk.toml's loader). */
export const restReady = `
  const rest = window.__xlaLayoutRest;
  return rest && rest.ready !== null ? { split: rest.split, sync: rest.sync } : null;`;

/** Whether the loader's fetch of the app's second part has finished (resource timing). */
export const restFetched = `
  return performance.getEntriesByType('resource').some((e) => /xla-layout-rest-/.test(e.name));`;
