// Update the app's markup in place. Python renders a whole screen as HTML; bodogeMorph patches
// the live DOM to match it and touches only what changed. Replacing everything (innerHTML) made
// the browser lay out and paint the whole page after every move, and lost the focus and a
// screen reader's place. Nodes are matched in order by type, tag and id; a node that differs is
// replaced, unless it is one node more or one less (a banner that comes or goes), which is
// inserted or removed so that what follows it is kept, or keyed items gone from a row (see
// keyedLater), which are removed. Form fields keep what the person typed
// unless the new markup changes that field.
//
// Motion (the games' convention, see GameUI.board in py/bodoge/ui/games.py): an element with
// data-fx="flip|drop|roll|pop" animates in CSS (web/css/base.css) when it is inserted or gains
// the attribute; an element with data-fx="slide" and data-fx-key glides from where the element
// with the same key was before this patch (measured within its .board-wrap, so a shift of the
// whole board moves nothing). A data-fx-key is also part of an element's identity here: a node
// is never reused for an element with another key (nor one whose first element is keyed for
// one whose first has another key). No motion with reduced motion.
//
// Also here, as they follow a patch: bodogeAnnounce (the live region, after the patch's task)
// and bodogeAfterPaint (work that waits for the frame that shows a move: its save).
(() => {
  "use strict";
  const ELEMENT = 1;
  const SLIDE_MS = 260;

  // An element's key: its data-fx-key, or that of the first element it holds (a list item
  // around a card or a tile: a card added to a row, or a tile gone from a hand, shifts the items
  // after it by one, and each keeps its node rather than having its card rebuilt).
  const keyOf = (el) => {
    const key = el.getAttribute("data-fx-key");
    if (key !== null) return key;
    const first = el.firstElementChild;
    return first ? first.getAttribute("data-fx-key") : null;
  };

  // Whether live node a can become b: the same kind, tag and key, and for an element without a
  // key the same id (a keyed element's id may follow its place: it is updated).
  const same = (a, b) => {
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
    if (a.nodeType !== ELEMENT) return true;
    const key = keyOf(a);
    if (key !== keyOf(b)) return false;
    return key !== null || a.getAttribute("id") === b.getAttribute("id");
  };

  const reduced = () => {
    const motion = document.documentElement.dataset.motion;
    if (motion === "reduce") return true;
    return motion !== "full" && !!window.matchMedia
      && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  };

  // Where each keyed element is, relative to its board (or the page).
  const places = (root) => {
    const out = new Map();
    for (const el of root.querySelectorAll("[data-fx-key]")) {
      const frame = el.closest(".board-wrap");
      const r = el.getBoundingClientRect();
      const f = frame ? frame.getBoundingClientRect() : { left: 0, top: 0 };
      const sx = frame ? frame.scrollLeft : 0;
      const sy = frame ? frame.scrollTop : 0;
      out.set(el.getAttribute("data-fx-key"), { x: r.left - f.left + sx, y: r.top - f.top + sy });
    }
    return out;
  };

  const slide = (root, before) => {
    const now = places(root);
    for (const el of root.querySelectorAll('[data-fx="slide"][data-fx-key]')) {
      const key = el.getAttribute("data-fx-key");
      const was = before.get(key);
      const is = now.get(key);
      if (!was || !is || !el.animate) continue;
      const dx = was.x - is.x;
      const dy = was.y - is.y;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
                 { duration: SLIDE_MS, easing: "ease-out" });
    }
  };

  const syncAttributes = (live, fresh) => {
    for (const { name } of Array.from(live.attributes)) {
      if (!fresh.hasAttribute(name)) {
        live.removeAttribute(name);
        if (name === "checked" || name === "selected") live[name] = false;
      }
    }
    for (const { name, value } of Array.from(fresh.attributes)) {
      if (live.getAttribute(name) === value) continue;
      live.setAttribute(name, value);
      // The markup changed this field on purpose: show it even if the person edited it.
      if (name === "value" && live.nodeName === "INPUT") live.value = value;
      if (name === "checked" || name === "selected") live[name] = true;
    }
  };

  // A kept part (py/bodoge/ui/html.py's Page): the markup sends a part the page already shows
  // once as a marker, <x-k k="N">, for the element with data-k="N" that it keeps as it is. It is
  // looked for at its place or further on among the same parent's children; a kept element no
  // marker there asks for goes, and one a marker asks for is never reused for other markup. A
  // marker not found marks the patch as missed (the markup is then sent again whole).
  const KEPT = "X-K";
  const KEPT_SVG = "x-k";          // a marker inside an SVG drawing (its names keep their case)
  const isKept = (node) => node.nodeName === KEPT || node.nodeName === KEPT_SVG;
  let missed = false;
  const token = (node) => (node.nodeType === ELEMENT ? node.getAttribute("data-k") : null);

  const wantedIn = (fresh) => {
    let wanted = null;
    for (let f = fresh.firstChild; f; f = f.nextSibling) {
      if (isKept(f)) (wanted || (wanted = new Set())).add(f.getAttribute("k"));
    }
    return wanted;
  };

  // Whether an element keyed `key` is among fresh node f and its next siblings.
  const keyedFrom = (f, key) => {
    for (let g = f; g; g = g.nextSibling) if (g.nodeType === ELEMENT && keyOf(g) === key) return true;
    return false;
  };

  // The keyed element further on among l's siblings that fresh element f is, when every node
  // before it is a keyed element the rest of the new markup no longer has (several items gone
  // from the middle of a row: two tiles played from a hand rebuilt every tile after them):
  // those go, and it is matched where it is. Else null.
  const keyedLater = (l, f) => {
    if (f.nodeType !== ELEMENT || keyOf(f) === null) return null;
    for (let m = l; m; m = m.nextSibling) {
      if (m.nodeType !== ELEMENT || token(m) !== null) return null;
      if (m !== l && same(m, f)) return m;
      const key = keyOf(m);
      if (key === null || keyedFrom(f, key)) return null;
    }
    return null;
  };

  const morphChildren = (live, fresh) => {
    let l = live.firstChild;
    let f = fresh.firstChild;
    const wanted = wantedIn(fresh);
    while (f) {
      const nextF = f.nextSibling;
      if (wanted) {
        while (l && token(l) !== null && !wanted.has(token(l))) {
          const gone = l;
          l = l.nextSibling;
          live.removeChild(gone);
        }
        if (isKept(f)) {
          const k = f.getAttribute("k");
          let m = l;
          while (m && token(m) !== k) m = m.nextSibling;
          if (!m) missed = true;
          else if (m === l) l = l.nextSibling;
          else live.insertBefore(m, l);
          f = nextF;
          continue;
        }
        if (l && token(l) !== null) {      // kept for a marker further on
          live.insertBefore(f, l);
          f = nextF;
          continue;
        }
      }
      if (l && !same(l, f) && l.nextSibling && same(l.nextSibling, f)
          && !(nextF && same(l, nextF)) && !(wanted && token(l.nextSibling) !== null)) {
        // one node went (a banner above the table): drop it rather than rebuild what follows
        const gone = l;
        l = l.nextSibling;
        live.removeChild(gone);
      }
      if (l && !same(l, f) && nextF && same(l, nextF)) {
        live.insertBefore(f, l);          // one node came: the same, the other way round
        f = nextF;
        continue;
      }
      const later = l && !same(l, f) ? keyedLater(l, f) : null;
      while (later && l !== later) {
        const gone = l;
        l = l.nextSibling;
        live.removeChild(gone);
      }
      if (l && same(l, f)) {
        morphNode(l, f);
        l = l.nextSibling;
      } else if (l) {
        const nextL = l.nextSibling;
        live.replaceChild(f, l);
        l = nextL;
      } else {
        live.appendChild(f);
      }
      f = nextF;
    }
    while (l) {
      const nextL = l.nextSibling;
      live.removeChild(l);
      l = nextL;
    }
  };

  const morphNode = (live, fresh) => {
    if (live.nodeType !== ELEMENT) {
      if (live.nodeValue !== fresh.nodeValue) live.nodeValue = fresh.nodeValue;
      return;
    }
    if (live.isEqualNode(fresh)) return;     // most of a page is as it was: checked natively
    syncAttributes(live, fresh);
    if (live.nodeName === "TEXTAREA") {
      if (live.defaultValue !== fresh.defaultValue) {
        live.defaultValue = fresh.defaultValue;
        live.value = fresh.defaultValue;
      }
      return;
    }
    morphChildren(live, fresh);
  };

  // Say `text` in the live region `live`: cleared, then set (the same words twice are said
  // twice). Both after the current task, so a move's redraw is laid out only once.
  window.bodogeAnnounce = (live, text) => {
    setTimeout(() => {
      live.textContent = "";
      setTimeout(() => { live.textContent = text; }, 30);
    }, 0);
  };

  // Run fn() once the next frame is painted: what a move leaves to do after it is shown (its
  // save). A hidden page paints no frames, so then it runs at once; all that is still waiting
  // runs when the page is hidden or left.
  const afterPaint = [];
  const runAfterPaint = () => {
    while (afterPaint.length) afterPaint.shift()();
  };
  window.bodogeAfterPaint = (fn) => {
    afterPaint.push(fn);
    if (afterPaint.length > 1) return;
    if (document.hidden) setTimeout(runAfterPaint, 0);
    else requestAnimationFrame(() => setTimeout(runAfterPaint, 0));
  };
  window.addEventListener("pagehide", runAfterPaint);
  document.addEventListener("visibilitychange", () => { if (document.hidden) runAfterPaint(); });

  // Run fn() just before the next frame is drawn: a redraw that many events asked for is made
  // once a frame (messages from other devices). A hidden page draws no frames: in a moment.
  window.bodogeNextFrame = (fn) => {
    if (document.hidden) setTimeout(fn, 100);
    else requestAnimationFrame(() => fn());
  };

  // Make root's children match the markup `html`.
  // A tooltip opens on hover only for a pointer that moved since the page changed under it: after
  // a redraw (Next round) the pointer may rest where a card's power line now is, and its text must
  // not open over the person's own controls (CSS: :root[data-hover="still"]). Only a change of
  // the element under the pointer counts: a clock's redraw keeps the same elements.
  // (Not data-pointer: ALLUVIUM's map marks its pointer zones with that.)
  const page = document.documentElement;
  let at = null;
  addEventListener("pointermove", (ev) => {
    at = [ev.clientX, ev.clientY];
    if (page.dataset.hover) delete page.dataset.hover;
  }, { passive: true });
  const under = () => (at ? document.elementFromPoint(at[0], at[1]) : null);

  // bodogeMorph.times: when a benchmark sets it to [], each patch adds {parse, places, morph,
  // slide} in ms (tools/bench_table.py --only breakdown). Returns false if a kept part's marker
  // was not found (the page is patched but for those parts: send the markup whole again).
  window.bodogeMorph = (root, html) => {
    const times = window.bodogeMorph.times;
    const t0 = times ? performance.now() : 0;
    const was = under();
    const template = document.createElement("template");
    template.innerHTML = html;
    const t1 = times ? performance.now() : 0;
    const content = template.content;
    const moving = !reduced() && (content.querySelector('[data-fx="slide"]')
      || (content.querySelector("x-k") && root.querySelector('[data-fx="slide"]')));
    const before = moving ? places(root) : null;
    const t2 = times ? performance.now() : 0;
    missed = false;
    morphChildren(root, content);
    const t3 = times ? performance.now() : 0;
    if (moving) slide(root, before);
    if (at && under() !== was) page.dataset.hover = "still";
    if (times) {
      times.push({ parse: t1 - t0, places: t2 - t1, morph: t3 - t2, slide: performance.now() - t3 });
    }
    return !missed;
  };
  window.bodogeMorph.times = null;
})();
