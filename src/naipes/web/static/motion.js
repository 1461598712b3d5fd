// naipes browser client: cards travel from zone to zone (the FLIP technique). Before a redraw the
// page measures where every card of the board is (First); after it (reconcile.js keeps the elements
// of cards that stayed) it measures again (Last), and each card that changed place is drawn back
// where it was and let go (Invert, Play) with a transform, in MOTION_MS. A card that arrives from a
// face-down zone (a deal, an opponent's play, a draw) starts at that zone; a card that leaves for a
// face-down or stacked zone (a capture, a discard under the top card) travels there and goes.
// Nothing moves when the browser asks for reduced motion or the page's "Motion" switch is off.
// No sounds.
"use strict";

const MOTION_MS = 260;
const REDUCED = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

/** Cards move unless the browser asks for reduced motion or the player turned motion off. */
function motionOn() {
  return !REDUCED.matches && localStorage.getItem("naipes-motion") !== "off";
}

/** The switch in the page's header (persisted in localStorage). */
function setupMotionSwitch() {
  const box = $("motion");
  const sync = () => {
    box.checked = motionOn();
    box.disabled = REDUCED.matches;
    document.body.classList.toggle("still", !motionOn());
  };
  box.addEventListener("change", () => { localStorage.setItem("naipes-motion", box.checked ? "on" : "off"); sync(); });
  if (REDUCED.addEventListener) REDUCED.addEventListener("change", sync);
  sync();
}

/** A zone's identity across redraws: its seat and its name (or kind). */
function zoneId(zone) {
  return zone.dataset.zid || "";
}

/** Where every card and zone of `root` is now (the First or the Last of FLIP). */
function measureBoard(root) {
  const cards = new Map(), nodes = new Map(), zones = new Map();
  for (const node of root.querySelectorAll(".card[data-card]")) {
    const rect = node.getBoundingClientRect();
    if (!rect.width) continue;
    const entry = { node, rect, card: node.dataset.card };
    if (!cards.has(entry.card)) cards.set(entry.card, []);
    cards.get(entry.card).push(entry);
    nodes.set(node, entry);
  }
  for (const zone of root.querySelectorAll(".zone[data-zid]")) {
    // where a card comes from or goes to in this zone: its top face-down card, its last card, its empty place
    const spot = zone.querySelector(".backs img:last-of-type, .card:last-of-type, .empty") || zone;
    zones.set(zoneId(zone), { rect: spot.getBoundingClientRect(), count: Number(zone.dataset.count || 0) });
  }
  return { cards, nodes, zones };
}

function zonesThat(before, after, grew) {
  const out = [];
  for (const [id, now] of after.zones) {
    const then = before.zones.get(id);
    if (then && (grew ? now.count > then.count : now.count < then.count)) out.push({ id, then, now });
  }
  return out;
}

function slide(node, from, to) {
  const dx = from.left - to.left, dy = from.top - to.top;
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
  const scale = to.width ? from.width / to.width : 1;
  node.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, transformOrigin: "0 0" },
    { transform: "none", transformOrigin: "0 0" },
  ], { duration: MOTION_MS, easing: "cubic-bezier(.2, .7, .3, 1)" });
}

/** A card that left the board's view (taken into a stacked or face-down zone): travels there and goes. */
function ghost(entry, to) {
  const node = entry.node;
  node.classList.add("ghost");
  node.setAttribute("aria-hidden", "true");
  node.tabIndex = -1;
  Object.assign(node.style, { left: `${entry.rect.left}px`, top: `${entry.rect.top}px`, width: `${entry.rect.width}px` });
  document.body.append(node);
  const dx = to.left - entry.rect.left, dy = to.top - entry.rect.top;
  const run = node.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px)`, opacity: 0.3 }],
    { duration: MOTION_MS, easing: "ease-in" });
  run.onfinish = () => node.remove();
  run.oncancel = () => node.remove();
}

/** Animate every card of `root` from where it was (`before`) to where it is now. */
function playMotion(root, before) {
  if (!before || !motionOn()) return;
  const after = measureBoard(root);
  const sources = zonesThat(before, after, false), sinks = zonesThat(before, after, true);
  const left = new Map();  // the cards whose element is gone, by card: where they were
  for (const [card, entries] of before.cards) {
    const gone = entries.filter((e) => !after.nodes.has(e.node));
    if (gone.length) left.set(card, gone);
  }
  for (const [card, entries] of after.cards) {
    for (const entry of entries) {
      const kept = before.nodes.get(entry.node);
      let from = kept ? kept.rect : null;
      if (!from && left.has(card) && left.get(card).length) from = left.get(card).shift().rect;
      if (!from && sources.length) from = sources[0].then.rect;
      if (from) slide(entry.node, from, entry.rect);
    }
  }
  for (const entries of left.values()) {
    for (const entry of entries) {
      const sink = sinks.find((z) => z.now) || null;
      if (sink) ghost(entry, sink.now.rect);
    }
  }
}
