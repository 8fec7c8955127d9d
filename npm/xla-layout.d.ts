// Types of the <xla-layout> element (the npm package xla-layout-viz).
// `import 'xla-layout-viz'` defines the element; these declarations make
// `document.createElement('xla-layout')` and `querySelector('xla-layout')`
// typed, with its attributes and its event. The contract:
// docs/reference.md, "The <xla-layout> element".

/** Which views the figure shows. */
export type XlaLayoutView = 'both' | 'logical' | 'memory';
/** How many controls it shows. */
export type XlaLayoutControls = 'none' | 'compact' | 'full';
/** Its colours: `system` follows the reader's setting. */
export type XlaLayoutTheme = 'light' | 'dark' | 'system';

/** The element's attributes (all strings in HTML; as a plain object here). */
export interface XlaLayoutAttributes {
  /** An XLA shape with its layout, e.g. `f32[3,5]{1,0:T(2,2)}`. */
  shape: string;
  view?: XlaLayoutView;
  controls?: XlaLayoutControls;
  /** Present (or anything but "false"): plays the walk through memory. */
  autoplay?: string;
  /** Elements per second while playing. */
  speed?: string;
  theme?: XlaLayoutTheme;
  /** A logical index to highlight, "i,j". */
  select?: string;
  /** A tiling step, counted from 1. */
  step?: string;
  /** A second shape of the same dims: its memory drawn under the picture. */
  compare?: string;
  /** A sharding (XLA's `{devices=[16,1]<=[16]}`, or JAX's mesh + PartitionSpec): one device's shard is drawn. */
  sharding?: string;
  /** Which device of the sharding (an index into its devices); default 0. */
  device?: string;
  /** The full app's address, for an "open in the full app" link (left out without it). */
  app?: string;
}

/** An `<xla-layout>` element. */
export interface XlaLayoutElement extends HTMLElement {
  addEventListener<K extends keyof XlaLayoutEventMap>(
    type: K,
    listener: (this: XlaLayoutElement, ev: XlaLayoutEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
}

/** The element's events. */
export interface XlaLayoutEventMap extends HTMLElementEventMap {
  /** Its view is mounted (in its shadow root) and drawing. */
  'xla-layout-mounted': Event;
}

declare global {
  interface HTMLElementTagNameMap {
    'xla-layout': XlaLayoutElement;
  }
  /**
   * Loads the element's modules instead of the files beside its script:
   * called once per module kind, returns a Promise of the initialised
   * wasm-bindgen module.
   */
  // eslint-disable-next-line no-var
  var XLA_LAYOUT_LOAD: ((kind: 'embed' | 'sharded') => Promise<unknown>) | undefined;
}
