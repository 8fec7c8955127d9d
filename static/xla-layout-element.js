// <xla-layout shape="f32[3,5]{1,0:T(2,2)}" view="both" controls="compact" autoplay></xla-layout>
//
// A custom element for static pages (issue 9). Each element hosts the app's
// embed page (index.html?embed=1&...) in an iframe that fills the element;
// the browser shares the compiled wasm between frames through its cache.
// The frame is created only when the element first scrolls into view
// (IntersectionObserver), and nothing runs while idle: the embed page asks
// for animation frames only while playing. Changing an attribute from
// JavaScript reloads the frame with the new options.
//
// Attributes (as embed mode's address options): shape, view, controls
// (none|compact|full), autoplay (present = on), speed, theme
// (light|dark|system), select ("i,j"). The element is 320x200 at least;
// size it with CSS (default 100% x 320px).

(() => {
  if (customElements.get('xla-layout')) return;
  const script = document.currentScript;
  const app = new URL('index.html', script ? script.src : location.href);
  const OPTIONS = ['shape', 'view', 'controls', 'autoplay', 'speed', 'theme', 'select'];

  const seen = new WeakSet();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        seen.add(entry.target);
        observer.unobserve(entry.target);
        entry.target.draw();
      }
    }
  }, { rootMargin: '200px' });

  class XlaLayout extends HTMLElement {
    static get observedAttributes() {
      return OPTIONS;
    }

    connectedCallback() {
      if (!this.style.display) this.style.display = 'block';
      if (!this.style.minWidth) this.style.minWidth = '320px';
      if (!this.style.height) this.style.height = '320px';
      if (seen.has(this)) this.draw();
      else observer.observe(this);
    }

    disconnectedCallback() {
      observer.unobserve(this);
    }

    attributeChangedCallback() {
      if (seen.has(this)) this.draw();
    }

    /** The embed page's address for the current attributes. */
    get src() {
      const url = new URL(app);
      url.searchParams.set('embed', '1');
      for (const name of OPTIONS) {
        if (!this.hasAttribute(name)) continue;
        const value = this.getAttribute(name);
        url.searchParams.set(name, name === 'autoplay' ? (value === 'false' ? '0' : '1') : value);
      }
      return url.href;
    }

    draw() {
      const src = this.src;
      let frame = this.querySelector(':scope > iframe');
      if (!frame) {
        frame = document.createElement('iframe');
        frame.style.cssText = 'border:0;width:100%;height:100%;display:block';
        this.append(frame);
      }
      frame.title = `XLA layout of ${this.getAttribute('shape') ?? ''}`;
      if (frame.getAttribute('src') !== src) frame.src = src;
    }
  }

  customElements.define('xla-layout', XlaLayout);
})();
