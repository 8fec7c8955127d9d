// The expected answers, computed here from XLA's documented rules and
// never read back from the app: where an element of a tiled layout lives
// in memory, and the colour the ramp gives an offset; and colour checks.
//
// Tiling (https://openxla.org/xla/tiled_layout): the physical shape lists
// the dims major to minor (minor_to_major reversed). A tile (t_1..t_k)
// replaces the k most minor dims d_i by ceil(d_i / t_i) followed by the tile
// itself, and the index i_i by floor(i_i / t_i) followed by i_i % t_i; the
// next tile does the same to the shape that results. The offset is the
// row-major position in the final shape; cells beyond the array's bounds
// are padding. ('*' tile dims are not needed by these tests.)

/** The physical (major to minor) order of the dims for `minorToMajor`. */
export function physicalOrder(minorToMajor) {
  return [...minorToMajor].reverse();
}

/**
 * The memory offset of logical `index` in an array of `dims` with layout
 * `minorToMajor` and `tiles` (a list of tiles, each a list of sizes).
 * `index` may lie in the padding the tiles add (a ghost cell).
 */
export function tiledOffset(dims, minorToMajor, tiles, index) {
  const order = physicalOrder(minorToMajor);
  let shape = order.map((d) => dims[d]);
  let at = order.map((d) => index[d]);
  for (const tile of tiles) {
    const k = tile.length;
    const keep = shape.length - k;
    if (keep < 0) throw new Error(`tile ${tile} has more dims than ${shape}`);
    const outer = tile.map((t, i) => Math.ceil(shape[keep + i] / t));
    const outerAt = tile.map((t, i) => Math.floor(at[keep + i] / t));
    const innerAt = tile.map((t, i) => at[keep + i] % t);
    shape = [...shape.slice(0, keep), ...outer, ...tile];
    at = [...at.slice(0, keep), ...outerAt, ...innerAt];
  }
  return at.reduce((offset, i, d) => offset * shape[d] + i, 0);
}

/** Cells of memory the layout takes (elements and padding). */
export function footprint(dims, minorToMajor, tiles) {
  const order = physicalOrder(minorToMajor);
  let shape = order.map((d) => dims[d]);
  for (const tile of tiles) {
    const keep = shape.length - tile.length;
    shape = [...shape.slice(0, keep), ...tile.map((t, i) => Math.ceil(shape[keep + i] / t)), ...tile];
  }
  return shape.reduce((a, b) => a * b, 1);
}

/** Whether `index` is inside the array (else it is tiling padding). */
export function inBounds(dims, index) {
  return index.every((i, d) => i >= 0 && i < dims[d]);
}

// Viridis at 17 evenly spaced points (matplotlib's table), as in
// src/render/colour.rs; the ramp maps offset o of n to entry o*255/(n-1)
// of a 256-entry table.
const VIRIDIS = [
  [68, 1, 84], [72, 26, 108], [71, 47, 125], [65, 68, 135], [57, 86, 140],
  [49, 104, 142], [42, 120, 142], [35, 136, 142], [31, 152, 139], [34, 168, 132],
  [53, 183, 121], [84, 197, 104], [122, 209, 81], [165, 219, 54], [210, 226, 27],
  [241, 229, 29], [253, 231, 37],
];

/** The viridis colour at `t` in [0, 1]. */
export function viridis(t) {
  const scaled = Math.min(1, Math.max(0, t)) * (VIRIDIS.length - 1);
  const low = Math.min(Math.floor(scaled), VIRIDIS.length - 2);
  const f = scaled - low;
  return VIRIDIS[low].map((a, i) => Math.round(a + (VIRIDIS[low + 1][i] - a) * f));
}

/** The colour of memory offset `offset` among `count` cells. */
export function rampColour(offset, count) {
  if (count <= 1) return viridis(0);
  // BigInt: offset * 255 can exceed 2^53 for the 2^40-element preset.
  const entry = Number((BigInt(offset) * 255n) / BigInt(count - 1));
  return viridis(Math.min(entry, 255) / 255);
}

export const FIRST_COLOUR = VIRIDIS[0];
export const LAST_COLOUR = VIRIDIS[16];
/** Light theme: background, padding fill and hatch lines (src/render/colour.rs). */
export const LIGHT = { background: [255, 255, 255], padding: [214, 214, 218], hatch: [150, 150, 158] };
export const DARK = { background: [22, 23, 26], padding: [58, 60, 66], hatch: [120, 122, 130] };

/** True when `rgba` is opaque and within `tolerance` of `rgb` per channel. */
export function near(rgba, rgb, tolerance = 2) {
  return rgba[3] === 255 && rgb.every((value, i) => Math.abs(rgba[i] - value) <= tolerance);
}

/** Luminance 0..255 of an [r, g, b, ...] pixel. */
export const luminance = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** Whether `rgba` is a grey of padding hatching: between the fill and the hatch line colour. */
export function hatchGrey(rgba, theme) {
  const [r, g, b] = rgba;
  const lo = Math.min(theme.padding[0], theme.hatch[0]) - 3;
  const hi = Math.max(theme.padding[0], theme.hatch[0]) + 3;
  return rgba[3] === 255 && Math.abs(r - g) <= 4 && b - r >= 0 && b - r <= 10 && r >= lo && r <= hi;
}
