"""The keys of a loop over known keys for which a use inside its body may run: the tests of the
``if`` statements and ``a if c else b`` expressions around the use, evaluated per key
(``tilecheck.host.keyed_items``). ``for n, op in ops.items(): if n in chosen: op.sync()`` runs
the ops of the chosen keys only; a test that reads anything but the key and constants may hold
for any key. Over-approximate on purpose: a ``continue`` or ``break`` before the use only makes
fewer keys reach it, and a key said to reach a use is one the caller counts as run."""

from __future__ import annotations

from collections.abc import Callable, Collection

import libcst as cst

from tilecheck.host.known_keys import Key
from tilecheck.syntax.walk import children

Guard = tuple[cst.BaseExpression, bool]  # a test and the truth the use needs of it
# a test's truth where the key holds a value: None where it may be either
Truth = Callable[[cst.BaseExpression, Key], bool | None]

_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def guards_of(body: cst.CSTNode, uses: Collection[cst.CSTNode]) -> list[tuple[Guard, ...]] | None:
    """The tests guarding each of ``uses`` inside ``body`` (one tuple per use found); None where
    a use lies in a nested function, class or lambda (it runs when that is called)."""
    wanted = {id(u) for u in uses}
    found: list[tuple[Guard, ...]] = []
    stack: list[tuple[cst.CSTNode, tuple[Guard, ...], bool]] = [(body, (), False)]
    while stack:
        node, guards, nested = stack.pop()
        if id(node) in wanted:
            if nested:
                return None
            found.append(guards)
            continue
        inner = nested or isinstance(node, _NESTED)
        if type(node) is cst.If or type(node) is cst.IfExp:
            test = node.test
            stack.append((test, guards, inner))
            stack.append((node.body, (*guards, (test, True)), inner))
            if node.orelse is not None:
                stack.append((node.orelse, (*guards, (test, False)), inner))
            continue
        stack.extend((child, guards, inner) for child in children(node))
    return found


def reaching(keys: list[Key], guards: list[tuple[Guard, ...]], truth: Truth) -> set[Key]:
    """The keys for which some use's every guard may have the truth it needs."""
    return {
        key
        for key in keys
        if any(all(truth(test, key) in (None, need) for test, need in g) for g in guards)
    }
