"""Explicit positions and state dicts of Macarra: ``Game.from_position``, the bodies of
``to_dict``/``from_dict``, and their validation (internal; the codes are in
:mod:`naipes.macarra.legality`).

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
import reprlib
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping, Sequence, TypeVar

from naipes._validate import exact_bool, exact_int
from naipes.cards import Card
from naipes.errors import InvalidStateError, NotationError, UsageError
from naipes.macarra._tables import CARDS, Phase, Tables, code
from naipes.macarra.legality import CODES
from naipes.macarra.moves import MAX_BID, Bid
from naipes.macarra.rules import Rules

if TYPE_CHECKING:
    from naipes.macarra.state import Game

__all__ = ["MAX_LEDGER", "MAX_POSITION_LEDGER", "STATE_KEYS", "check_position", "deal_order", "from_position",
           "load_state", "read_cards", "read_foundations", "state_dict"]

#: The largest ledger entry ``from_position`` takes (play adds at most about 5 million).
MAX_POSITION_LEDGER = 10**15
#: The largest ledger entry a state dict may hold (2**53 - 1: exact in every JSON reader).
MAX_LEDGER = 2**53 - 1
#: The keys of the game's part of a state dict (``to_dict()["state"]``).
STATE_KEYS = frozenset({"stocks", "piles", "foundations", "held", "turn", "recycled", "ledger", "infractions",
                        "turns", "phase", "loser", "capped", "punishment_card", "bids", "cards"})
#: Each card's code by its canonical notation (the only spelling state dicts use).
_BY_NAME = {str(c): i for i, c in enumerate(CARDS) if c is not None}
_PHASES = {p.value: p for p in Phase}

G = TypeVar("G", bound="Game")


def bad(field: str, what: str, code: str = "bad_field") -> InvalidStateError:
    """The error for a refused field of a state dict, with the ruling of its code."""
    return InvalidStateError(f"{field}: {what}", code=code, rule=CODES[code][0])


def read_cards(cards: Any) -> list[int]:
    """Codes of cards given as ``"7e 5o"``, or a sequence of cards or card strings.

    Raises:
        InvalidStateError: for anything that is not Spanish cards.
    """
    try:
        if isinstance(cards, str):
            return [code(c) for c in Card.parse_many(cards)]
        return [code(Card.parse(c) if isinstance(c, str) else c) for c in cards]
    except (NotationError, TypeError) as exc:
        raise InvalidStateError(f"not a list of cards: {cards!r} ({exc})", code="bad_cards") from exc


def _read_card(card: Card | str) -> int:
    return read_cards([card])[0]


def read_foundations(foundations: Sequence[Any], t: Tables) -> list[int]:
    """Top codes of foundations given by top card or by their cards from the ace up.

    Raises:
        InvalidStateError: for a foundation that is not a run in suit from the ace.
    """
    tops = []
    for f in foundations:
        if isinstance(f, Card) or (isinstance(f, str) and len(f.split()) == 1):
            top = _read_card(f)
            if not t.valid[top]:
                raise InvalidStateError(f"{CARDS[top]} is not in a {t.deck}-card deck",
                                        code="not_in_deck", rule="MK-01")
        else:
            run = read_cards(f)
            if not run or not t.valid[run[-1]] or t.run_to(run[-1]) != run:
                raise InvalidStateError(f"a foundation runs in suit from the ace: {f!r}",
                                        code="bad_foundation", rule="MK-04")
            top = run[-1]
        tops.append(top)
    return tops


def deal_order(game: Game, orders: tuple[tuple[Card, ...], ...]) -> list[int]:
    """The codes of the deck to deal, top first: ``deck=`` or the rules' decks shuffled."""
    r = game.rules
    full = list(game._t.full_deck) * r.num_decks
    if not orders:
        game._rng.shuffle(full)
        return full
    cards = [code(c) for c in orders[0]]
    if sorted(cards) != sorted(full):
        raise InvalidStateError(f"deck= must hold the {len(full)} cards of "
                                f"{r.num_decks} {r.deck}-card deck(s), each once per deck",
                                code="bad_deck_order", rule="MK-02")
    return cards


def from_position(cls: type[G], rules: Rules | None, *, stocks: Sequence[Any], piles: Sequence[Any] | None,
                  foundations: Sequence[Any], turn: int, held: Card | str | None, recycled: Sequence[int],
                  ledger: Sequence[Sequence[int]] | None, turns: int, punishment_card: Card | str | None,
                  seed: int | None, rng: random.Random | None) -> G:
    """The body of :meth:`naipes.macarra.Game.from_position` (see there)."""
    if not isinstance(stocks, (list, tuple)) or (piles is not None and not isinstance(piles, (list, tuple))):
        raise InvalidStateError("stocks and piles must be lists, one per seat", code="wrong_seat_count")
    if rules is None:
        rules = Rules(players=len(stocks))
    if not isinstance(rules, Rules):
        raise UsageError(f"rules must be macarra.Rules, not {type(rules).__name__}", code="wrong_rules")
    if seed is not None and rng is not None:
        raise UsageError("give seed= or rng=, not both", code="seed_and_rng")
    game = cls._blank(rules, rng=rng if rng is not None else random.Random(seed), own_rng=rng is None)
    n = game.num_players
    game._setup()
    if len(stocks) != n or (piles is not None and len(piles) != n):
        raise InvalidStateError(f"a {n}-player position needs {n} stocks and {n} piles", code="wrong_seat_count")
    if not isinstance(foundations, (list, tuple)) or isinstance(recycled, (str, bytes)) or \
            not isinstance(recycled, (list, tuple, set, frozenset, range)):
        raise InvalidStateError("foundations and recycled must be lists", code="bad_field")
    game._stocks = [read_cards(s)[::-1] for s in stocks]
    game._piles = [read_cards(p) for p in (piles or [()] * n)]
    game._ftop = read_foundations(foundations, game._t)
    game._held = _read_card(held) if held else 0
    seats = {_seat(s, n, "recycled") for s in recycled}
    game._recycled = [s in seats for s in range(n)]
    if ledger is not None:
        game._ledger = _ledger(ledger, n, MAX_POSITION_LEDGER, "ledger")
    if type(turns) is not int or not 0 <= turns < rules.max_turns:
        raise InvalidStateError(f"turns must be an int from 0 to {rules.max_turns - 1}, not {turns!r}",
                                code="bad_turns", rule="MK-11")
    game._turns = turns
    if punishment_card is not None:
        game._pcard = _read_card(punishment_card)
    game._turn = _seat(turn, n, "turn")
    game._finish_loading()
    game._set_to_act((game._turn,))
    game._mark_position()
    return game


def _ledger(rows: Any, n: int, most: int, field: str) -> list[list[int]]:
    """An n x n ledger of exact ints from 0 to ``most``, with zeros on the diagonal."""
    shape = f"{field} must be {n} rows of {n} ints from 0 to {most:,}, zero on the diagonal"
    if not isinstance(rows, (list, tuple)) or len(rows) != n:
        raise InvalidStateError(shape, code="bad_ledger", rule="MK-09")
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, (list, tuple)) or len(row) != n or \
                any(type(x) is not int or not 0 <= x <= most for x in row) or row[i] != 0:
            raise InvalidStateError(f"{shape}: row {i} is {reprlib.repr(row)}", code="bad_ledger", rule="MK-09")
        out.append(list(row))
    return out


def _seat(value: object, n: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise InvalidStateError(f"{what} must be a seat 0..{n - 1}, not {reprlib.repr(value)}", code="no_such_seat")
    return value


def check_position(game: Game) -> tuple[int, ...] | None:
    """Validate a position; return the cards in play (``None`` when they are the full decks).

    Raises:
        InvalidStateError: naming what is impossible.
    """
    rules = game.rules
    t = game._t
    _seat(game._turn, game.num_players, "turn")
    in_play = Counter(c for s in game._stocks for c in s)
    in_play.update(c for p in game._piles for c in p)
    for top in game._ftop:
        in_play.update(t.run_to(top))
    if game._held:
        in_play[game._held] += 1
    _check_cards(in_play, rules, t)
    # (more foundations of one suit than aces is caught as too many copies: each holds its ace)
    _check_ledger(game)
    if game._pcard and not t.valid[game._pcard]:
        raise InvalidStateError(f"{CARDS[game._pcard]} is not in a {rules.deck}-card deck",
                                code="not_in_deck", rule="MK-01")
    if game._phase is Phase.PLAY:
        _check_play(game)
    full = Counter(t.full_deck * rules.num_decks)
    return None if in_play == full else tuple(sorted(in_play.elements()))


def _check_cards(in_play: Counter[int], rules: Rules, t: Tables) -> None:
    for c, k in in_play.items():
        if not t.valid[c]:
            raise InvalidStateError(f"{CARDS[c]} is not in a {rules.deck}-card deck",
                                    code="not_in_deck", rule="MK-01")
        if k > rules.num_decks:
            raise InvalidStateError(f"{CARDS[c]} appears {k} times with {rules.num_decks} deck(s)",
                                    code="too_many_copies", rule="MK-01")


def _check_ledger(game: Game) -> None:
    _ledger(game._ledger, game.num_players, MAX_LEDGER, "the ledger")
    if type(game._turns) is not int or not 0 <= game._turns <= game.rules.max_turns:
        raise InvalidStateError(f"turns must be an int from 0 to {game.rules.max_turns}, not {game._turns!r}",
                                code="bad_turns", rule="MK-11")


def _check_play(game: Game) -> None:
    p = game._turn
    alive = [s for s in range(game.num_players) if game._stocks[s] or game._piles[s] or
             (s == p and game._held)]
    if p not in alive:
        raise InvalidStateError(f"seat {p} is to play but has no cards", code="no_cards", rule="MK-08")
    if len(alive) < 2:
        raise InvalidStateError("at least two players must have cards (else the game is over)",
                                code="already_decided", rule="MK-08")


def state_dict(game: Game) -> dict[str, Any]:
    """The game's own part of ``to_dict``: cards as notation, stocks top first.

    ``cards`` is ``None`` when the cards in play are the rules' full decks, else
    (a game from :meth:`~naipes.macarra.Game.from_position`) the sorted list of
    the cards in play, which ``from_dict`` checks the zones against.
    """
    def cs(codes: Sequence[int]) -> list[str]:
        return [str(CARDS[c]) for c in codes]
    return {
        "stocks": [cs(s[::-1]) for s in game._stocks],
        "piles": [cs(p) for p in game._piles],
        "foundations": cs(game._ftop),
        "held": str(CARDS[game._held]) if game._held else None,
        "turn": game._turn,
        "recycled": list(game._recycled),
        "ledger": [list(row) for row in game._ledger],
        "infractions": list(game._infractions),
        "turns": game._turns,
        "phase": game._phase.value,
        "loser": game.loser,
        "capped": game._capped,
        "punishment_card": str(CARDS[game._pcard]) if game._pcard else None,
        "bids": [b if b >= 0 else None for b in game._bids],
        "cards": None if game._deck is None else cs(game._deck),
    }


def _card_list(value: object, field: str, t: Tables, most: int) -> list[int]:
    """Codes of a JSON list of canonical card names of the deck ``t``, at most ``most`` of them."""
    if type(value) is not list:
        raise bad(field, f"must be a list of cards, not {reprlib.repr(value)}")
    if len(value) > most:
        raise bad(field, f"more than {most} cards", "too_large")
    out = []
    for name in value:
        c = _BY_NAME.get(name, 0) if type(name) is str else 0
        if not c or not t.valid[c]:
            raise bad(field, f"{reprlib.repr(name)} is not a card of a {t.deck}-card deck", "bad_cards")
        out.append(c)
    return out


def _one_card(value: object, field: str, t: Tables) -> int:
    """The code of a card name, or 0 for ``None``."""
    return 0 if value is None else _card_list([value], field, t, 1)[0]


def _per_seat(value: object, field: str, n: int) -> list[Any]:
    if type(value) is not list or len(value) != n:
        raise bad(field, f"must be a list of {n} entries, one per seat", "bad_state")
    return value


def load_state(game: Game, state: Mapping[str, Any]) -> None:
    """Fill a game from :func:`state_dict` output (``from_dict`` calls it; the base set who acts).

    Every field is checked for its exact type and range, the cards in play
    against the rules' decks (or ``cards``), and the phase against who acts,
    the loser, the bids and the zones (see "Limits" on the rules page).

    Raises:
        InvalidStateError: for an impossible state, naming the field.
    """
    if not isinstance(state, dict) or set(state) != STATE_KEYS:
        keys = sorted(state) if isinstance(state, dict) else state
        raise bad("state", f"must have the keys {sorted(STATE_KEYS)}, not {reprlib.repr(keys)}", "bad_state")
    game._setup()
    rules = game.rules
    n = game.num_players
    t = game._t
    most = rules.num_cards
    if len(game.history) > rules.max_decisions:
        raise bad("history", f"longer than the {rules.max_decisions:,} decisions these rules allow", "too_large")
    game._stocks = [_card_list(s, f"state.stocks[{i}]", t, most)[::-1]
                    for i, s in enumerate(_per_seat(state["stocks"], "state.stocks", n))]
    game._piles = [_card_list(p, f"state.piles[{i}]", t, most)
                   for i, p in enumerate(_per_seat(state["piles"], "state.piles", n))]
    game._ftop = _card_list(state["foundations"], "state.foundations", t, 4 * rules.num_decks)
    game._held = _one_card(state["held"], "state.held", t)
    game._turn = exact_int(state["turn"], "state.turn", 0, n - 1)
    game._recycled = [exact_bool(x, "state.recycled") for x in _per_seat(state["recycled"], "state.recycled", n)]
    if type(state["ledger"]) is not list:
        raise bad("state.ledger", "must be a list of rows", "bad_ledger")
    game._ledger = _ledger(state["ledger"], n, MAX_LEDGER, "state.ledger")
    most_decisions = rules.max_decisions
    game._infractions = [exact_int(x, "state.infractions", 0, most_decisions)
                         for x in _per_seat(state["infractions"], "state.infractions", n)]
    game._turns = exact_int(state["turns"], "state.turns", 0, rules.max_turns)
    phase = state["phase"]
    if type(phase) is not str or phase not in _PHASES:
        raise bad("state.phase", f"must be one of {sorted(_PHASES)}, not {reprlib.repr(phase)}")
    game._phase = _PHASES[phase]
    game._loser = -1 if state["loser"] is None else exact_int(state["loser"], "state.loser", 0, n - 1)
    game._capped = exact_bool(state["capped"], "state.capped")
    game._pcard = _one_card(state["punishment_card"], "state.punishment_card", t)
    game._bids = [-1 if b is None else exact_int(b, "state.bids", 0, MAX_BID)
                  for b in _per_seat(state["bids"], "state.bids", n)]
    declared = None if state["cards"] is None else _card_list(state["cards"], "state.cards", t, most)
    _check_counts(game)
    game._finish_loading()
    _check_cards_declared(game, declared)
    _check_phase(game)


def _check_counts(game: Game) -> None:
    """Infractions: none under ``forbid``; each one is in the ledger (every other seat gave one)."""
    n = game.num_players
    for p, k in enumerate(game._infractions):
        if k and not game._penalize:
            raise bad("state.infractions", "infractions='forbid' admits no infraction", "bad_infraction_count")
        if any(game._ledger[j][p] < k for j in range(n) if j != p):
            raise bad("state.infractions", f"seat {p} has {k} infractions but received fewer macarras "
                      "from another seat (MK-09b)", "bad_ledger")


def _check_cards_declared(game: Game, declared: list[int] | None) -> None:
    """The cards in play are the rules' full decks (``cards`` null) or exactly ``cards``."""
    in_play = game._deck
    if declared is None:
        if in_play is not None:
            raise bad("state.cards", "the zones do not hold the rules' full decks, each card once per deck",
                      "cards_mismatch")
        return
    if in_play is None:
        in_play = tuple(sorted(game._t.full_deck * game.rules.num_decks))
    if sorted(declared) != list(in_play):
        raise bad("state.cards", "the zones do not hold the cards in play that it lists", "cards_mismatch")


def _alive(game: Game) -> list[int]:
    return [s for s in range(game.num_players) if game._stocks[s] or game._piles[s]]


def _check_phase(game: Game) -> None:
    """The phase agrees with who acts, the loser, the bids, the held card and the zones."""
    n = game.num_players
    rules = game.rules
    phase = game._phase
    acting, simultaneous = game.to_act, game._window
    loser = game._loser
    if phase is Phase.PLAY:
        if loser >= 0 or game._capped or any(b >= 0 for b in game._bids):
            raise bad("state.phase", "during play there is no loser, cap or bid", "bad_phase")
        if game._turns >= rules.max_turns:
            raise bad("state.turns", f"the game would have ended at the cap of {rules.max_turns} turns",
                      "bad_turns")
        if acting != (game._turn,) or simultaneous:
            raise bad("acting", f"during play only seat {game._turn} (the turn) acts", "bad_phase")
        return
    if game._held:
        raise bad("state.held", "a card is held only during play", "bad_phase")
    if loser < 0:
        raise bad("state.loser", "the play is over: the loser must be a seat", "bad_phase")
    alive = _alive(game)
    if game._capped:
        counts = [len(game._stocks[s]) + len(game._piles[s]) for s in range(n)]
        if game._turns != rules.max_turns or len(alive) < 2 or loser != counts.index(max(counts)):
            raise bad("state.capped", "a capped game ends at max_turns with the most cards' holder as loser "
                      "(MK-11)", "bad_phase")
    elif alive != [loser]:
        raise bad("state.loser", "the loser must be the one seat left with cards (MK-08)", "bad_phase")
    others = tuple(s for s in range(n) if s != loser)
    if phase is Phase.PUNISHMENT:
        if not rules.final_punishment or not game._pcard:
            raise bad("state.phase", "a punishment needs final_punishment on and a punishment card", "bad_phase")
        if set(acting) | set(game._pending_answers) != set(others) or not simultaneous:
            raise bad("acting", f"in the punishment seats {list(others)} bid together", "bad_phase")
        if any(b >= 0 for b in game._bids):
            raise bad("state.bids", "bids are revealed only when every bid is in", "bad_phase")
        for s, move in game._pending_answers.items():
            if type(move) is not Bid or not 0 <= move.amount <= MAX_BID:
                raise bad("answers", f"seat {s}'s sealed answer {move} is not a bid of 0 to {MAX_BID}",
                          "bad_phase")
        return
    if acting or simultaneous:
        raise bad("acting", "nobody acts in a finished game", "bad_phase")
    bidders = {s for s, b in enumerate(game._bids) if b >= 0}
    if bidders != (set(others) if rules.final_punishment else set()) or \
            (rules.final_punishment and not game._pcard):
        raise bad("state.bids", "a finished game has every bid but the loser's when final_punishment is on, "
                  "else none", "bad_phase")
