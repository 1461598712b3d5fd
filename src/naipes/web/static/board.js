// naipes browser client: the table, laid out from the zones the server sends (the game's plugin says
// which zones a view has). Seats around the table, each with its name, zones and score; the shared
// zones in the middle; the seat of the page at the bottom. Nothing here knows a game.
"use strict";

/** The seats in the order they sit around the table: the page's own seat last (at the bottom). */
function seatOrder(count, me) {
  const order = [];
  for (let i = 1; i <= count; i++) order.push(me === null ? i - 1 : (me + i) % count);
  return order;
}

/** The moves of the page's seat that use `card`. */
function movesWith(card) {
  return currentLegal().filter((m) => (m.cards || []).includes(card));
}

/** Draw the table of `snap` (an update, or a position when stepping back) into #board. */
function drawBoard(snap) {
  const seats = snap.seats || (state.update && state.update.seats) || [];
  const me = snap.seat ?? null;
  const perSeatScores = Array.isArray(snap.scores) && snap.scores.length === seats.length;
  const boxes = seatOrder(seats.length, me).map((s) => seatBox(snap, seats[s] || { seat: s }, perSeatScores));
  const mine = me === null ? null : boxes.pop();
  const shared = snap.zones.filter((z) => z.seat === null || z.seat === undefined);
  const center = el("section", { class: "center", "aria-label": t("table_name") },
    ...sharedZones(shared),
    !perSeatScores && snap.scores && snap.scores.length
      ? el("p", { class: "scores" }, `${t("scores")}: ${snap.scores.join(" – ")}`) : null);
  reconcile($("board"), [el("div", { class: "others" }, ...boxes), center, mine]);
  highlightLast(snap.last_move);
}

function sharedZones(zones) {
  if (state.ws && !state.viewing) {  // the workspace's melds stand for the table's melds while arranging
    return [...zones.filter((z) => z.kind !== "meld").map((z) => zoneBox(z)), workspaceMelds()];
  }
  return zones.map((z) => zoneBox(z));
}

function seatBox(snap, seat, perSeatScores) {
  const s = seat.seat;
  const mine = s === snap.seat;
  const acting = (snap.to_act || []).includes(s) && !snap.over;
  const thinking = acting && !state.viewing && (seat.bot || seat.taken_over);
  const name = seat.name || t("seat_n", s);
  const status = seat.status === "open" ? t("open_seat") : seat.taken_over ? t("away")
    : seat.bot ? (name.includes(seat.bot) ? t("bot") : `${t("bot")} ${seat.bot}`)
    : seat.status === "away" ? t("away") : t("person");
  const head = el("header", {},
    el("strong", { class: "name" }, mine ? t("you_paren", name) : name),
    el("span", { class: "tag" }, status),
    acting ? el("span", { class: "tag acting" }, t("to_act")) : null,
    thinking ? el("span", { class: "tag thinking", role: "status" }, t("thinking"),
      el("span", { class: "dots", "aria-hidden": "true" }, el("i"), el("i"), el("i"))) : null,
    perSeatScores ? el("span", { class: "tag score" }, t("score", snap.scores[s])) : null);
  const box = el("section", {
    class: ["seat", mine ? "mine" : "", acting ? "acting" : "", thinking ? "thinking" : "",
      seat.status === "open" ? "open" : ""].join(" ").trim(),
    "data-seat": s, "aria-label": mine ? t("you_paren", name) : name }, head);
  if (seat.status === "open") {
    box.append(el("p", { class: "waiting" }, t("waiting")));
    if (seat.invite) box.append(copyButton(t("copy_invite"), () => new URL(seat.invite, location.origin).href, "invite"));
  }
  for (const zone of snap.zones.filter((z) => z.seat === s)) box.append(zoneBox(zone, mine));
  return box;
}

/** One zone: its label (with the name moves use) and its cards; the page's own hand as buttons. */
function zoneBox(zone, mine = false) {
  const hand = mine && zone.kind === "hand" && !state.viewing;
  const count = zone.cards.length + zone.hidden;
  const many = zone.cards.length > 14 ? " many" : zone.cards.length > 9 ? " several" : "";
  const box = el("div", { class: `zone kind-${zone.kind}${zone.fanned ? " fanned" : " stacked"}${hand ? " my-hand" + many : ""}`,
    "data-zone": zone.name || null, "data-kind": zone.kind, "data-zid": `${zone.seat ?? "t"}:${zone.name || zone.kind}`,
    "data-count": count, role: "group", "aria-label": zone.label || zone.kind });
  box.append(el("div", { class: "zlabel" }, zone.label || zone.kind,
    !zone.fanned && count ? el("span", { class: "zcount" }, ` · ${count === 1 ? t("card_n") : t("cards_n", count)}`) : null));
  const row = el("div", { class: "cards", id: hand ? "hand" : null });
  const cards = hand ? handCards(zone.cards) : zone.fanned ? zone.cards : zone.cards.slice(-1);
  cards.forEach((card, i) => row.append(hand ? handCard(card, i) : tableCard(card, zone)));
  if (zone.hidden) row.append(cardBacks(zone.hidden));
  if (!count) row.append(el("span", { class: "empty" }, t("empty")));
  box.append(row);
  return box;
}

/** A card on the table: a button when a move of the page's seat uses it, else an image. */
function tableCard(card, zone) {
  if (!movesWith(card).length) return cardImage(card);
  return cardButton(card, { playable: true, key: `card:${zone.name || zone.kind}:${card}`, onpick: () => pickCard(card) });
}

function handCards(cards) {
  if (!state.ws || state.viewing) return cards;
  const order = new Map(cards.map((c, i) => [c, i]));  // the hand zone's order sorts the workspace's hand
  return [...state.ws.hand].sort((a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9));
}

function handCard(card, i) {
  const ws = state.ws && !state.viewing;
  const picked = ws && state.pick && state.pick.from === null && state.pick.card === card && state.pick.index === i;
  return cardButton(card, {
    playable: canAct() && (ws || movesWith(card).length > 0), picked, key: `hand:${card}`,
    onpick: () => (ws ? wsPick(card, null, i) : pickCard(card)),
    drag: ws ? () => { state.pick = { card, from: null, index: i }; } : null,
  });
}

/** Mark the cards of the last move wherever they lie now, and the seat that played it. */
function highlightLast(last) {
  if (!last) return;
  for (const card of last.cards || []) {
    const found = [...document.querySelectorAll(`#board .card[data-card="${CSS.escape(card)}"]`)];
    const onTable = found.filter((node) => !node.closest(".my-hand"));  // a twin in the hand is not the card played
    for (const node of onTable.length ? onTable : found) node.classList.add("last");
  }
  const seat = document.querySelector(`#board .seat[data-seat="${last.seat}"]`);
  if (seat) seat.classList.add("last-seat");
}
