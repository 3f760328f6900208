"""The keys of a loop over known keys for which a use inside its body may run: the tests of the
``if`` statements and ``a if c else b`` expressions around the use, evaluated per key
(``tilecheck.host.keyed_items``). ``for n, op in ops.items(): if n in chosen: op.sync()`` runs
the ops of the chosen keys only; a test that reads anything but the key and constants may hold
for any key. Over-approximate on purpose: a ``continue`` or ``break`` before the use only makes
fewer keys reach it, and a key said to reach a use is one the caller counts as run. A
statement after ``if test: continue`` in its block runs only where the test is false (round
39K): ``for i, p in pend.items(): if i == 2: continue; p.wait()`` waits on all keys but 2."""

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
        if type(node) is cst.IndentedBlock:  # (round 39K: ``if k == 2: continue`` skips on)
            for stmt in node.body:
                stack.append((stmt, guards, inner))
                skip = _skipping(stmt)
                guards = guards if skip is None else (*guards, (skip, False))
            continue
        if type(node) is cst.If or type(node) is cst.IfExp:
            test = node.test
            stack.append((test, guards, inner))
            stack.append((node.body, (*guards, (test, True)), inner))
            if node.orelse is not None:
                stack.append((node.orelse, (*guards, (test, False)), inner))
            continue
        stack.extend((child, guards, inner) for child in children(node))
    return found


def _skipping(stmt: cst.CSTNode) -> cst.BaseExpression | None:
    """The test of ``if test: ...; continue`` (no ``else``): the statements after it in its
    block run only where the test is false (round 39K)."""
    if type(stmt) is not cst.If or stmt.orelse is not None:
        return None
    body = stmt.body
    last = body.body[-1] if body.body else None
    if type(last) is cst.SimpleStatementLine:
        last = last.body[-1]
    return stmt.test if type(last) is cst.Continue else None


def reaching(keys: list[Key], guards: list[tuple[Guard, ...]], truth: Truth) -> set[Key]:
    """The keys for which some use's every guard may have the truth it needs."""
    return {
        key
        for key in keys
        if any(all(truth(test, key) in (None, need) for test, need in g) for g in guards)
    }
