"""Deprecated aliases of renamed public functions (the deprecation policy of 1.2).

A renamed public name keeps a working alias that warns with
:class:`DeprecationWarning` for at least one minor version:

>>> import warnings
>>> def check(x: int) -> int:
...     return x + 1
>>> old = alias(check, "old_check", "naipes.example.check")
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     old(1), caught[0].category.__name__, str(caught[0].message)
(2, 'DeprecationWarning', 'old_check is deprecated since naipes 1.2: use naipes.example.check')

.. versionadded:: 1.2
"""

from __future__ import annotations

import functools
import warnings
from typing import Callable, TypeVar

__all__ = ["alias"]

F = TypeVar("F", bound=Callable[..., object])


def alias(func: F, old: str, instead: str, *, since: str = "1.2") -> F:
    """``func`` under its old name ``old``: it warns (``use instead``), then calls ``func``.

    Args:
        func: the function that does the work (the old function's body, under a
            private name, or the new public function).
        old: the deprecated public name, as the warning says it.
        instead: what to use instead (a dotted name or a short phrase).
        since: the version that deprecated it.
    """
    message = f"{old} is deprecated since naipes {since}: use {instead}"

    @functools.wraps(func)
    def wrapper(*args: object, **kwargs: object) -> object:
        warnings.warn(message, DeprecationWarning, stacklevel=2)
        return func(*args, **kwargs)

    wrapper.__name__ = wrapper.__qualname__ = old.rsplit(".", 1)[-1]
    wrapper.__doc__ = f"Deprecated alias ({message}).\n\n.. deprecated:: {since}\n   Use {instead}.\n"
    return wrapper  # type: ignore[return-value]
