"""Pictures of cards and tables as SVG: our own drawings, no dependencies, no fonts fetched.

:func:`card` draws one face, :func:`back` a card back, :func:`deck_sheet` a
whole deck and :func:`render` a game's table as one seat sees it (its own hand
face up, the other hands as backs with their counts, piles, melds, scores and
whose turn). Every picture is a standalone ``<svg>`` document in the SVG
namespace with a ``viewBox``, a width and a height; the same input always
gives the same bytes. :class:`~naipes.Card` and every game's ``View`` show
these pictures in notebooks (``_repr_svg_``).

>>> from naipes import Card
>>> from naipes.svg import card
>>> card(Card.parse("1o"), width=40)[:61]
'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 150"'

.. versionadded:: 1.1
"""

from __future__ import annotations

from naipes.svg._pictures import back, card, card_name, deck_sheet
from naipes.svg.tables import render

__all__ = ["back", "card", "card_name", "deck_sheet", "render"]

for _function in (back, card, card_name, deck_sheet, render):
    _function.__module__ = __name__
del _function
