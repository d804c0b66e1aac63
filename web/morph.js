// Update the app's markup in place. Python renders a whole screen as HTML; bodogeMorph patches
// the live DOM to match it and touches only what changed. Replacing everything (innerHTML) made
// the browser lay out and paint the whole page after every move, and lost the focus and a
// screen reader's place. Nodes are matched in order by type, tag and id; a node that differs is
// replaced. Form fields keep what the person typed unless the new markup changes that field.
(() => {
  "use strict";
  const ELEMENT = 1;

  const same = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName
    && (a.nodeType !== ELEMENT || a.getAttribute("id") === b.getAttribute("id"));

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

  const morphChildren = (live, fresh) => {
    let l = live.firstChild;
    let f = fresh.firstChild;
    while (f) {
      const nextF = f.nextSibling;
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

  // Make root's children match the markup `html`.
  window.bodogeMorph = (root, html) => {
    const template = document.createElement("template");
    template.innerHTML = html;
    morphChildren(root, template.content);
  };
})();
