// naipes browser client: plain JavaScript, no build step. Protocol: docs/guides/front-end.rst.
"use strict";

const $ = (id) => document.getElementById(id);
const CARD = /^(1[0-2]|[1-9])[oceb]$|^(10|[2-9AJQK])[SHDC]$|^JK$/;
const HIDE = new Set(["type", "seat", "hand", "legal_moves", "forced_move", "rules", "cards", "to_act",
  "known", "dealer_draw", "cut", "deal_starts", "plays", "hand_log", "answered", "ledger", "readings"]);

const state = { games: [], table: null, token: null, seat: null, next: 0, socket: null,
  view: null, deck: "spanish", selected: null, ws: null, retry: 0, update: null };

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v); else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function cardImg(card, extra = {}) {
  return el("img", { src: `/cards/${encodeURIComponent(card)}.svg`, alt: card, title: card,
    "data-card": card, ...extra });
}

function backs(count) {
  const box = el("span", { class: "backs" });
  for (let i = 0; i < Math.min(count, 6); i++) box.append(el("img", { src: `/backs/${state.deck}.svg`, alt: "" }));
  box.append(el("span", { class: "count" }, `×${count}`));
  return box;
}

function showError(text) { $("error").textContent = text || ""; }

// -- lobby ------------------------------------------------------------------------------------
async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw new Error(data.reason || response.statusText);
  return data;
}

function fillPlayers() {
  const game = state.games.find((g) => g.name === $("game").value);
  const players = $("players");
  players.replaceChildren(...game.player_counts.map((n) => el("option", { value: n }, String(n))));
  players.value = String(game.players);
  const quick = Object.keys(game.quick_rules || {});
  $("short-label").hidden = !quick.length;
  $("short-name").textContent = quick.length ? `one ${quick[0].replaceAll("_", " ")}` : "";
  fillSeats();
}

function fillSeats() {
  const n = Number($("players").value);
  const seats = [el("legend", {}, "Seats")];
  for (let s = 0; s < n; s++) {
    const select = el("select", { id: `seat-${s}` },
      el("option", { value: "me" }, "me"), el("option", { value: "open" }, "open (someone joins)"),
      el("option", { value: "best" }, "bot: best"), el("option", { value: "random" }, "bot: random"));
    select.value = s === 0 ? "me" : "best";
    seats.push(el("label", {}, `Seat ${s} `, select));
  }
  $("seats").replaceChildren(...seats);
}

// The games list says what each game has: its quick games (the first is the "short game") and the
// steps of its turn workspace, if it has one. The client never names a game.
async function loadGames() {
  if (!state.games.length) state.games = await api("/api/games");
  return state.games;
}

const gameInfo = (name) => state.games.find((g) => g.name === name) || null;
const quickRules = (info) => (info && Object.values(info.quick_rules || {})[0]) || {};
const workspaceOps = () => { const info = gameInfo(state.game); return info ? info.workspace_ops || [] : []; };
const hasWorkspace = () => workspaceOps().length > 0;

async function showLobby() {
  $("lobby").hidden = false; $("table").hidden = true;
  await loadGames();
  $("game").replaceChildren(...state.games.map((g) => el("option", { value: g.name }, `${g.name} — ${g.summary}`)));
  fillPlayers();
  listTables();
}

async function listTables() {
  const tables = await api("/api/tables");
  $("tables").replaceChildren(...tables.map((t) => {
    const item = el("li", {}, `${t.game} (${t.players} players, ${t.moves} moves${t.over ? ", over" : ""}) `);
    for (const seat of t.seats.filter((s) => s.status === "open")) {
      item.append(el("button", { type: "button", class: "join", onclick: () => join(t.table, seat.seat) },
        `Take seat ${seat.seat}`));
    }
    item.append(el("button", { type: "button", class: "secondary", onclick: () => enter(t.table, null) }, "Watch"));
    return item;
  }));
}

async function create(event) {
  event.preventDefault();
  showError("");
  const game = $("game").value;
  let rules;
  try { rules = JSON.parse($("rules").value || "{}"); } catch { return alert("Rules must be JSON"); }
  if ($("short").checked) rules = { ...quickRules(gameInfo(game)), ...rules };
  const bots = {}; let me = null;
  const n = Number($("players").value);
  for (let s = 0; s < n; s++) {
    const choice = $(`seat-${s}`).value;
    if (choice === "me" && me === null) me = s;
    else if (choice === "best" || choice === "random") bots[String(s)] = choice;
  }
  try {
    const made = await api("/api/tables", { game, players: n, rules, bots, join: me });
    enter(made.table, made.token || null);
  } catch (err) { alert(err.message); }
}

async function join(table, seat) {
  try { const made = await api(`/api/tables/${table}/join`, { seat }); enter(table, made.token); }
  catch (err) { alert(err.message); }
}

// -- table --------------------------------------------------------------------------------------
function enter(table, token) {
  sessionStorage.setItem("naipes", JSON.stringify({ table, token }));
  location.hash = `t=${table}` + (token ? `&k=${token}` : "");
  Object.assign(state, { table, token, next: 0, view: null, selected: null, ws: null, gone: false });
  $("log").replaceChildren();
  $("lobby").hidden = true; $("table").hidden = false;
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${state.table}`);
  state.socket = socket;
  socket.onopen = () => {
    state.retry = 0;
    socket.send(JSON.stringify({ type: "hello", v: 1, token: state.token, since: state.next }));
    $("status").textContent = "connected";
  };
  socket.onmessage = (msg) => receive(JSON.parse(msg.data));
  socket.onclose = () => {
    $("status").textContent = state.gone ? "table gone" : "disconnected; reconnecting…";
    if (state.socket === socket) setTimeout(connect, Math.min(5000, 300 * 2 ** state.retry++));
  };
}

// The table no longer exists (it expired, or the server lost it): say so, disable every move, stop reconnecting.
function tableGone() {
  state.gone = true; state.socket = null;
  $("status").textContent = "table gone";
  if (!$("gone")) {
    $("table").prepend(el("div", { id: "gone", class: "gone", role: "alert" }, "This table no longer exists. ",
      el("a", { href: "/" }, "Back to the lobby")));
  }
  $("prompt").textContent = "";
  for (const b of document.querySelectorAll("#table button, #table input")) b.disabled = true;
  for (const img of document.querySelectorAll("#hand img")) img.classList.remove("playable");
}

function send(message) {
  showError("");
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
}

function receive(msg) {
  if (msg.type === "welcome") {
    state.seat = msg.seat; state.game = msg.game;
    state.deck = msg.deck && msg.deck.startsWith("french") ? "french" : "spanish";
    showSeat(msg.seat);
  } else if (msg.type === "update") {
    onUpdate(msg);
  } else if (msg.type === "error") {
    showError(msg.reason);
    if (msg.code === "no_such_table") tableGone();
    else if (msg.code === "bad_token") { state.socket = null; }
  } else if (msg.type === "workspace") {
    state.ws = msg; drawWorkspace();
  }
}

// The seat's secret token stays in the address's fragment and sessionStorage, never in the page's text:
// the buttons copy the links without showing them.
function showSeat(seat) {
  const watch = () => `${location.origin}/#t=${state.table}`;
  if (seat === null) { $("share").replaceChildren("You are watching. ", copyButton("Copy the table's link", watch)); return; }
  $("share").replaceChildren(`You are seat ${seat}. `,
    copyButton("Copy my seat's link (secret: it plays for you)", () => location.href), " ",
    copyButton("Copy the table's link (to invite)", watch));
}

function copyButton(label, link) {
  const button = el("button", { type: "button", class: "secondary copy" }, label);
  button.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(link()); button.textContent = "Copied"; }
    catch { showError("Could not copy: the link is in the address bar."); }
  });
  return button;
}

function onUpdate(msg) {
  for (const item of msg.events) {
    if (item.text) $("log").append(el("li", { "data-seq": item.seq }, item.text));
  }
  $("log").scrollTop = $("log").scrollHeight;
  state.next = msg.next; state.update = msg;
  const turnChanged = !state.view || JSON.stringify(state.view.to_act) !== JSON.stringify(msg.to_act);
  state.view = msg.view;
  if (turnChanged) { state.ws = null; state.selected = null; }
  draw(msg);
  if (hasWorkspace() && myTurn() && !state.ws) send({ type: "workspace", op: "show" });
}

const myTurn = () => state.view && state.update && state.update.to_act.includes(state.seat);

function draw(msg) {
  const who = msg.to_act.length ? `to act: ${msg.to_act.map((s) => s === state.seat ? "you" : `seat ${s}`).join(", ")}` : "";
  $("info").textContent = `${state.game} · table ${msg.table} · scores ${msg.scores.join(" / ")}` +
    (msg.over ? " · game over" : ` · ${who}`);
  $("seatbar").replaceChildren(...msg.seats.map((s) => el("span", { class: msg.to_act.includes(s.seat) ? "to-act" : "" },
    `${s.seat === state.seat ? "you" : "seat " + s.seat}: ${s.bot ? "bot " + s.bot : s.taken_over ? "bot (away)" : s.status}`)));
  drawBoard(msg.view);
  drawHand(msg.view);
  drawMoves(msg);
  $("workspace").hidden = !(hasWorkspace() && myTurn());
  showWorkspaceButtons();
}

function cardsOf(value) {
  if (typeof value === "string" && CARD.test(value)) return [value];
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === "string" && CARD.test(v))) return value;
  return null;
}

function zone(label, content) {
  return el("div", { class: "zone" }, el("span", { class: "label" }, label), content);
}

function drawBoard(view) {
  const board = $("board");
  if (!view) { board.replaceChildren(el("p", {}, "Watching: the public events are below.")); return; }
  const parts = [];
  for (const [key, value] of Object.entries(view)) {
    if (HIDE.has(key) || value === null) continue;
    const name = key.replaceAll("_", " ");
    if (key === "hand_sizes" || key === "stock_sizes") {
      const row = el("div", { class: "cards" });
      value.forEach((n, s) => {
        if (s !== view.seat || key === "stock_sizes") row.append(el("span", {}, s === view.seat ? " you " : ` seat ${s} `), backs(n));
      });
      parts.push(zone(key === "hand_sizes" ? "other hands" : "stocks (face down)", row));
    } else if (cardsOf(value)) {
      parts.push(zone(name, el("div", { class: "cards" }, ...cardsOf(value).map((c) => cardImg(c)))));
    } else if (Array.isArray(value) && value.length && value.every((v) => Array.isArray(v) || (v && v.cards))) {
      const rows = value.map((v, i) => {
        const cards = Array.isArray(v) ? v : v.cards;
        if (!cards.length || !cards.every((c) => typeof c === "string" && CARD.test(c))) return null;
        const label = value.length === state.update.seats.length && key !== "table" ? `seat ${i}` : `${i}`;
        return el("div", { class: "cards" }, el("span", { class: "num" }, label), ...cards.map((c) => cardImg(c)));
      }).filter(Boolean);
      if (rows.length) parts.push(zone(name, el("div", {}, ...rows)));
    } else if (typeof value !== "object") {
      parts.push(el("span", { class: "zone" }, `${name}: ${value}   `));
    }
  }
  board.replaceChildren(...parts);
}

function movesWith(card) {
  return (state.view.legal_moves || []).filter((m) => m.split(/[\s:\[\]]+/).includes(card));
}

function drawHand(view) {
  const hand = $("hand");
  if (!view) { hand.replaceChildren(); return; }
  const cards = state.ws ? state.ws.hand : view.hand;
  hand.replaceChildren(...cards.map((card, i) => {
    const playable = myTurn() && (state.ws || movesWith(card).length);
    const img = cardImg(card, { class: playable ? "playable" : "", "data-index": i });
    if (state.selected && state.selected.from === null && state.selected.index === i) img.classList.add("selected");
    img.addEventListener("click", () => clickHand(card, i));
    return img;
  }));
}

function clickHand(card, index) {
  if (!myTurn()) return showError("It is not your turn.");
  if (state.ws) { state.selected = { card, from: null, index }; drawHand(state.view); drawWorkspace(); return; }
  const moves = movesWith(card);
  if (moves.length === 1) send({ type: "move", move: moves[0] });
  else if (moves.length > 1) { $("prompt").textContent = `Play ${card} how?`; drawMoves(state.update, moves); }
  else send({ type: "move", move: card });  // the server says why not
}

function promptText(msg) {
  const view = msg.view;
  if (!view || !myTurn()) return "";
  if (msg.to_act.length > 1 || view.phase === "claim" || view.claim_card) return "Answer now: the others cannot see your answer until everyone has answered.";
  if (view.phase === "punishment") return "Bid: how many cards for the punishment?";
  return "Your turn.";
}

function drawMoves(msg, only) {
  if (!only) $("prompt").textContent = promptText(msg);
  const moves = only || (msg.view && myTurn() ? msg.view.legal_moves || [] : []);
  const box = $("moves");
  box.replaceChildren(...moves.map((m) => el("button", { type: "button", class: "move", "data-move": m,
    onclick: () => send({ type: "move", move: m }) }, m)));
  if (myTurn()) {
    const input = el("input", { id: "move-text", placeholder: "or type a move", size: 24 });
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") send({ type: "move", move: input.value }); });
    box.append(input);
  }
}

// -- a game's turn workspace (the steps its plugin lists) --------------------------------------------
function showWorkspaceButtons() {
  const ops = new Set(["show", ...workspaceOps()]);
  if (ops.has("take") || ops.has("move")) ops.add("new");
  for (const b of document.querySelectorAll("#ws-buttons button")) b.hidden = !ops.has(b.dataset.op);
}

function drawWorkspace() {
  const ws = state.ws;
  if (!ws) return;
  const bad = new Set(ws.problems.map((p) => p.meld));
  $("ws-melds").replaceChildren(...ws.melds.map((meld, i) => {
    const row = el("div", { class: "meld" + (bad.has(i) ? " bad" : ""), "data-meld": i },
      el("span", { class: "num" }, String(i)));
    meld.forEach((card) => {
      const img = cardImg(card);
      if (state.selected && state.selected.from === i && state.selected.card === card) img.classList.add("selected");
      img.addEventListener("click", (e) => { e.stopPropagation(); pickFromMeld(card, i); });
      row.append(img);
    });
    row.addEventListener("click", () => dropOn(i));
    return row;
  }));
  $("ws-explain").textContent = ws.valid ? "The table is valid: commit to end your turn." : ws.explain;
  drawHand(state.view);
}

function pickFromMeld(card, meld) {
  if (state.selected && state.selected.from !== meld) return dropOn(meld);
  state.selected = { card, from: meld }; drawWorkspace();
}

function dropOn(meld) {
  const s = state.selected;
  if (!s) return;
  state.selected = null;
  if (s.from === null) send({ type: "workspace", op: "take", card: s.card, to: meld });
  else if (s.from !== meld) send({ type: "workspace", op: "move", card: s.card, from: s.from, to: meld });
  else drawWorkspace();
}

function workspaceButton(op) {
  const s = state.selected;
  if (op === "new") {
    if (!s) return showError("Pick a card first.");
    state.selected = null;
    send(s.from === null ? { type: "workspace", op: "take", card: s.card, to: null }
      : { type: "workspace", op: "move", card: s.card, from: s.from, to: null });
  } else send({ type: "workspace", op });
}

// -- start ----------------------------------------------------------------------------------------
function start() {
  $("home").addEventListener("click", () => sessionStorage.removeItem("naipes"));
  $("create").addEventListener("submit", create);
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("refresh").addEventListener("click", listTables);
  for (const b of document.querySelectorAll("#ws-buttons button")) b.addEventListener("click", () => workspaceButton(b.dataset.op));
  const hash = new URLSearchParams(location.hash.slice(1));
  const saved = JSON.parse(sessionStorage.getItem("naipes") || "null");
  const table = hash.get("t") || (saved && saved.table);
  loadGames().catch(() => showError("Could not load the games list.")).then(() => {
    if (table) enter(table, hash.get("k") || (saved && saved.table === table ? saved.token : null));
    else showLobby();
  });
}

start();
