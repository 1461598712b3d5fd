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
  if (!show) return;
  const ops = wsOps();
  $("ws-buttons").replaceChildren(...WS_BUTTONS.filter(([op]) => ops.has(op)).map(([op, key]) =>
    el("button", { type: "button", id: `ws-${op}`, "data-op": op, "data-key": `ws:${op}`,
      class: op === "commit" ? "primary" : "", onclick: () => wsButton(op) }, t(key))));
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
  if (p.from === null) send({ type: "workspace", op: "take", card: p.card, to: meld });
  else if (p.from !== meld) send({ type: "workspace", op: "move", card: p.card, from: p.from, to: meld });
  else redraw();
}

function wsButton(op) {
  const p = state.pick;
  if (op === "new") return wsDrop(null);
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
