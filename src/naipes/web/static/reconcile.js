// naipes browser client: a redraw updates the page in place (keyed reconciliation). The drawing
// functions build the new elements as before; `reconcile` then walks them beside the live ones and
// keeps every live element whose identity (its key) is still there: its attributes, words and
// handlers are brought up to date, but the element itself stays, so its focus, a click in progress
// and a drag are not lost. Only what changed is added, moved or removed.
"use strict";

/** The identity of a node among its siblings: what it shows (a card, a seat, a zone), not where it is. */
function nodeKey(node) {
  if (node.nodeType !== 1) return `#${node.nodeType}`;
  const d = node.dataset;
  const what = d.key ? `k:${d.key}` : d.card ? `c:${d.card}` : d.seat !== undefined ? `s:${d.seat}`
    : d.zid ? `z:${d.zid}` : d.meld !== undefined ? `m:${d.meld}` : node.id ? `i:${node.id}` : `t:${node.className}`;
  return `${node.tagName}|${what}`;
}

/** The keys of a node's children, twins told apart by their order ("…~0", "…~1"). */
function childKeys(parent) {
  const seen = new Map();
  return [...parent.childNodes].map((n) => {
    const k = nodeKey(n);
    const i = seen.get(k) || 0;
    seen.set(k, i + 1);
    return `${k}~${i}`;
  });
}

/** Bring the live element `old` up to date with `fresh` (same tag): attributes, handlers, children. */
function morph(old, fresh) {
  for (const { name } of [...old.attributes]) {  // a <details> the player opened stays open
    if (!fresh.hasAttribute(name) && !(name === "open" && old.tagName === "DETAILS")) old.removeAttribute(name);
  }
  for (const { name, value } of fresh.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  const types = new Set([...Object.keys(old.naipesOn || {}), ...Object.keys(fresh.naipesOn || {})]);
  for (const type of types) {
    const handler = fresh.naipesOn && fresh.naipesOn[type];
    if (handler) on(old, type, handler); else old.naipesOn[type] = null;
  }
  morphChildren(old, fresh);
}

/** Make `old`'s children those of `fresh`, keeping (and updating) each old child whose key is there. */
function morphChildren(old, fresh) {
  const olds = new Map();
  const oldKeys = childKeys(old);
  [...old.childNodes].forEach((n, i) => olds.set(oldKeys[i], n));
  const freshKeys = childKeys(fresh);
  const wanted = [...fresh.childNodes].map((n, i) => {
    const match = olds.get(freshKeys[i]);
    if (!match || match.nodeType !== n.nodeType) return n;
    olds.delete(freshKeys[i]);
    if (n.nodeType === 1) morph(match, n);
    else if (match.nodeValue !== n.nodeValue) match.nodeValue = n.nodeValue;
    return match;
  });
  for (const gone of olds.values()) gone.remove();
  let cursor = old.firstChild;
  for (const n of wanted) {
    if (n === cursor) cursor = cursor.nextSibling;
    else old.insertBefore(n, cursor);  // a new node, or a kept one whose place changed
  }
}

/** Make `parent`'s children `children` (elements, strings or nulls), keeping what is already there. */
function reconcile(parent, children) {
  const fresh = document.createElement(parent.tagName);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) fresh.append(c);
  morphChildren(parent, fresh);
}
