// naipes browser client: a game's turn workspace (the steps its plugin lists in `workspace_ops`).
// The server holds the working table and checks it; the page picks cards and sends steps. Every step
// can be done by mouse (click or drag and drop) and by keyboard (the cards and melds are buttons).
"use strict";

/** The workspace steps as buttons: [op, words key]; only the steps the game lists are shown. */
const WS_BUTTONS = [["new", "ws_new"], ["split", "ws_split"], ["merge", "ws_merge"], ["undo", "ws_undo"],
  ["reset", "ws_reset"], ["show", "ws_check"], ["commit", "ws_commit"], ["draw", "ws_draw"], ["give_up", "ws_give_up"]];

function wsOps() {
  const ops = new Set(["show", ...workspaceOps()]);
  if (ops.has("take") || ops.has("move")) ops.add("new");
  return ops;
}

/** The working table's melds, each a drop target; a "new meld" target at the end. */
function workspaceMelds() {
  const ws = state.ws;
  const problems = new Map();
  for (const p of ws.problems) if (p.meld >= 0) problems.set(p.meld, [...(problems.get(p.meld) || []), p.reason]);
  const box = el("div", { class: "ws-melds", id: "ws-melds" });
  ws.melds.forEach((meld, i) => {
    if (!meld.length) return;
    const row = el("div", { class: `zone kind-meld fanned meld${problems.has(i) ? " bad" : ""}`, "data-meld": i,
      role: "group", "aria-label": t("meld_n", `#${i}`) });
    row.append(el("button", { type: "button", class: "meld-target", "data-key": `meld:${i}`, "data-meld": i,
      "aria-label": `${t("meld_n", `#${i}`)}: ${t("drop_here")}`, onclick: () => wsDrop(i) }, `#${i}`));
    const cards = el("div", { class: "cards" });
    meld.forEach((card, k) => {
      const picked = state.pick && state.pick.from === i && state.pick.index === k;
      cards.append(cardButton(card, { playable: true, picked, key: `meld:${i}:${card}`,
        onpick: (e) => { e.stopPropagation(); wsPick(card, i, k); },
        drag: () => { state.pick = { card, from: i, index: k }; } }));
    });
    row.append(cards);
    if (problems.has(i)) row.append(el("p", { class: "problem" }, problems.get(i).join("; ")));
    dropTarget(row, () => wsDrop(i));
    box.append(row);
  });
  if (wsOps().has("new")) {
    const fresh = el("button", { type: "button", class: "meld new-meld", id: "ws-new-target", "data-key": "meld:new",
      onclick: () => wsDrop(null) }, `+ ${t("ws_new")}`);
    dropTarget(fresh, () => wsDrop(null));
    box.append(fresh);
  }
  return box;
}

function dropTarget(node, drop) {
  on(node, "dragover", (e) => { e.preventDefault(); node.classList.add("over"); });
  on(node, "dragleave", () => node.classList.remove("over"));
  on(node, "drop", (e) => { e.preventDefault(); node.classList.remove("over"); drop(); });
}

/** The buttons of the steps and what the working table says. */
function drawWorkspaceBar() {
  const bar = $("workspace");
  const show = !!(state.ws && canAct());
  bar.hidden = !show;
  if (!show) { state.confirmGiveUp = false; return; }
  const ops = wsOps();
  const buttons = WS_BUTTONS.filter(([op]) => ops.has(op)).map(([op, key]) =>
    el("button", { type: "button", id: `ws-${op}`, "data-op": op, "data-key": `ws:${op}`,
      class: op === "commit" ? "primary" : "", "aria-keyshortcuts": WS_KEYS[op] || null,
      title: WS_KEYS[op] ? `${t(key)} (${WS_KEYS[op]})` : null, onclick: () => wsButton(op) }, t(key)));
  if (state.confirmGiveUp) {  // giving up ends the turn (and draws penalty cards): asked once more
    buttons.push(el("div", { class: "confirm", id: "ws-confirm", role: "alertdialog", "aria-label": t("ws_give_up_ask") },
      el("span", {}, t("ws_give_up_ask")), " ",
      el("button", { type: "button", id: "ws-give-up-yes", "data-key": "ws:give-up-yes",
        onclick: () => { state.confirmGiveUp = false; send({ type: "workspace", op: "give_up" }); } }, t("ws_give_up_yes")),
      el("button", { type: "button", id: "ws-give-up-no", class: "secondary", "data-key": "ws:give-up-no",
        onclick: () => { state.confirmGiveUp = false; redraw(); focusKey("ws:give_up"); } }, t("ws_give_up_no"))));
  }
  reconcile($("ws-buttons"), buttons);
  const ws = state.ws;
  $("ws-explain").textContent = state.mergeFrom !== null && state.mergeFrom !== undefined
    ? t("ws_merge_pick", `#${state.mergeFrom}`) : ws.valid ? t("ws_valid") : ws.explain || "";
  $("ws-explain").className = ws.valid ? "ok" : "";
}

function wsPick(card, from, index) {
  if (!canAct()) return showError(t("not_your_turn"));
  const p = state.pick;
  if (state.mergeFrom !== null && state.mergeFrom !== undefined && from !== null) return wsDrop(from);
  if (p && from !== null && p.from !== from) return wsDrop(from);  // a card of another meld: drop the picked one there
  state.pick = p && p.card === card && p.from === from && p.index === index ? null : { card, from, index };
  if (from === null && p && p.from !== null && p.from !== undefined && workspaceOps().includes("put_back")) {
    state.pick = null;  // a meld's card picked, then the hand: put it back
    return send({ type: "workspace", op: "put_back", card: p.card, from: p.from });
  }
  redraw();
}

function wsDrop(meld) {
  if (state.mergeFrom !== null && state.mergeFrom !== undefined) {
    const from = state.mergeFrom;
    state.mergeFrom = null;
    if (meld !== null && meld !== from) return send({ type: "workspace", op: "merge", meld, other: from });
    return redraw();
  }
  const p = state.pick;
  if (!p) return showError(t("ws_pick_first"));
  state.pick = null;
  state.lastPut = p.card;
  if (p.from === null) send({ type: "workspace", op: "take", card: p.card, to: meld });
  else if (p.from !== meld) send({ type: "workspace", op: "move", card: p.card, from: p.from, to: meld });
  else redraw();
}

function wsButton(op) {
  const p = state.pick;
  if (op === "new") return wsDrop(null);
  if (op === "give_up") {
    state.confirmGiveUp = true;
    redraw();
    return focusKey("ws:give-up-no");
  }
  if (op === "split") {
    if (!p || p.from === null) return showError(t("ws_pick_meld_card"));
    state.pick = null;
    return send({ type: "workspace", op: "split", meld: p.from, at: p.index });
  }
  if (op === "merge") {
    if (!p || p.from === null) return showError(t("ws_pick_meld_card"));
    state.pick = null; state.mergeFrom = p.from;
    return redraw();
  }
  state.pick = null; state.mergeFrom = null;
  send({ type: "workspace", op });
}

/** The hand takes back a card dragged from a meld. */
function handDropTarget() {
  const hand = $("hand");
  if (!hand || !state.ws || !workspaceOps().includes("put_back")) return;
  dropTarget(hand, () => {
    const p = state.pick;
    state.pick = null;
    if (p && p.from !== null) send({ type: "workspace", op: "put_back", card: p.card, from: p.from });
  });
}

function focusKey(key) {
  const node = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (node) node.focus();
}

// -- keyboard shortcuts: a typical play (three cards into a new meld, commit) in about ten keys ------
/** The shortcut of each step's button (shown in its title and aria-keyshortcuts). */
const WS_KEYS = { new: "N", undo: "U", reset: "R", commit: "C", draw: "D" };

/** A key to the rank it jumps to: 2–9, 0 or T for ten, A, J, Q, K; * a joker. */
function rankOfKey(key) {
  const k = key.toUpperCase();
  if (/^[2-9]$/.test(k)) return k;
  if (k === "0" || k === "T") return "10";
  if (k === "A") return "A";
  if (k === "1") return "1";
  return { J: "J", Q: "Q", K: "K", "*": "JK" }[k] || null;
}

function rankOf(card) {
  return card === "JK" ? "JK" : card.slice(0, -1);
}

/** The card the keyboard means: the picked one, else the focused card (of the hand or a meld). */
function meantCard() {
  if (state.pick) return state.pick;
  const node = document.activeElement;
  if (!node || !node.matches || !node.matches("button.card")) return null;
  const meld = node.closest("[data-meld]");
  const row = [...node.parentElement.querySelectorAll("button.card")];
  return { card: node.dataset.card, from: meld ? Number(meld.dataset.meld) : null, index: row.indexOf(node) };
}

/** The meld the last card was put into (where "M" adds the next one), else the last meld. */
function lastMeld() {
  const melds = state.ws ? state.ws.melds : [];
  let found = -1;
  melds.forEach((m, i) => { if (m.length && state.lastPut && m.includes(state.lastPut)) found = i; });
  if (found < 0) melds.forEach((m, i) => { if (m.length) found = i; });
  return found < 0 ? null : found;
}

function jumpToRank(rank) {
  const cards = [...document.querySelectorAll("#hand button.card")];
  const at = cards.indexOf(document.activeElement);
  const order = [...cards.slice(at + 1), ...cards.slice(0, at + 1)];
  const next = order.find((c) => rankOf(c.dataset.card) === rank);
  if (next) next.focus();
  return !!next;
}

function wsKey(e) {
  if (!state.ws || !canAct() || e.ctrlKey || e.altKey || e.metaKey) return;
  const target = e.target;
  if (target && target.matches && target.matches("input, select, textarea, summary")) return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const rank = rankOfKey(e.key);
  let done = true;
  if (key === "n" || key === "m") {
    const meant = meantCard();
    if (!meant) { showError(t("ws_pick_first")); }
    else {
      state.pick = meant;
      const meld = key === "n" ? null : lastMeld();
      wsDrop(meld);
    }
  } else if (key === "u" || key === "r" || key === "c" || key === "d") {
    const op = { u: "undo", r: "reset", c: "commit", d: "draw" }[key];
    if (wsOps().has(op)) wsButton(op); else done = false;
  } else if (rank) done = jumpToRank(rank);
  else if (key === "Escape" && (state.pick || state.mergeFrom !== null)) { state.pick = null; state.mergeFrom = null; redraw(); }
  else done = false;
  if (done) e.preventDefault();
}

document.addEventListener("keydown", wsKey);
