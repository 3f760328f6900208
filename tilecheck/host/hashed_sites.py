"""Where Python hashes a value with no call written (issue 17, round 33B): a set display
``{a, b}`` builds its set from its elements left to right, hashing each once they are all
evaluated, and a dict display ``{a: x}`` hashes each key as it stores the pair. An element (a
key) that is an access path certainly holding an instance of a module class defining its own
``__hash__`` runs that method there, as at an explicit ``a.__hash__()``
(``implicit_calls.run``: a call node of its own, a finding shown at the element).

``__eq__`` is left out: it runs only where two hashes are equal, which is not known here."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.dunders import Analysis
from tilecheck.host.implicit_calls import run

HASH = ("__hash__",)


def set_built(an: Analysis, expr: cst.Set) -> None:
    """``{a, b}`` (its elements evaluated): each element's ``__hash__``, in order; ``{*xs}``
    unpacks an iterable: not followed."""
    for element in expr.elements:
        if type(element) is cst.Element:
            run(an, element.value, element.value, HASH)


def key_hashed(an: Analysis, key: cst.BaseExpression) -> None:
    """A dict display's key (evaluated, its value not yet): its ``__hash__``."""
    run(an, key, key, HASH)
