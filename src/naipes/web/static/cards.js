// naipes browser client: DOM helpers and cards. A card is its notation ("7o", "10S", "JK"), drawn with
// the server's /cards/<card>.svg and labelled with the words the server sends for it.
"use strict";

const $ = (id) => document.getElementById(id);

/** Listen to `type` events on `node` through its handler table: a redraw that keeps the node
 * (reconcile.js) hands it the new drawing's handlers, so a kept element never acts on old data. */
function on(node, type, handler) {
  if (!node.naipesOn) node.naipesOn = {};
  if (!node.naipesOn[type]) node.addEventListener(type, (e) => node.naipesOn[type] && node.naipesOn[type](e));
  node.naipesOn[type] = handler;
}

/** An element: `attrs` are attributes, except `on*` functions (listeners, see `on`) and `class` lists. */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") on(node, k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/** A card in words ("seven of coins"): the server's words when it sent them, else its notation. */
function cardWords(card) {
  return (state.cardWords && state.cardWords[card]) || card;
}

function cardPicture(card, label) {
  return el("img", { src: `/cards/${encodeURIComponent(card)}.svg`, alt: label, draggable: "false" });
}

/** A card to look at (not to act on): an image labelled with its words; the notation on hover. */
function cardImage(card) {
  const words = cardWords(card);
  return el("span", { class: "card", "data-card": card, title: words === card ? card : `${words} (${card})` },
    cardPicture(card, words));
}

/** A card to act on: a focusable button (Enter or Space presses it) labelled with its words. */
function cardButton(card, { onpick, playable = false, picked = false, drag = null, key = null, extra = "" } = {}) {
  const words = cardWords(card);
  const label = [words, playable ? t("playable") : "", picked ? t("picked") : ""].filter(Boolean).join(", ");
  const button = el("button", {
    type: "button", class: ["card", playable ? "playable" : "", picked ? "picked" : "", extra].join(" ").trim(),
    "data-card": card, "data-key": key, "aria-label": label, "aria-pressed": picked ? "true" : null,
    title: words === card ? card : `${words} (${card})`, draggable: drag ? "true" : null, onclick: onpick,
  }, cardPicture(card, ""));
  if (drag) {
    on(button, "dragstart", (e) => { e.dataTransfer.setData("text/plain", card); drag(); });
  }
  return button;
}

/** Face-down cards: a few backs and the count, in words for a screen reader. */
function cardBacks(count) {
  const label = count === 1 ? t("card_n") : t("cards_n", count);
  const box = el("span", { class: "backs", role: "img", "aria-label": t("hidden_n", count), title: label });
  for (let i = 0; i < Math.min(count, 5); i++) box.append(el("img", { src: `/backs/${state.deck}.svg`, alt: "" }));
  box.append(el("span", { class: "count" }, `×${count}`));
  return box;
}
