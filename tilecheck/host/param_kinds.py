"""The kind a callee's launch needs of a parameter, checked with the caller's object (round
31G): a function or lambda that gives its parameter, untracked, to a kernel's Mutable
parameter on every call (``def zero(t): return K.fill(t, 0.0)``) takes a partition there
(``Summary.consumes``, ``consumed_at``); a call that gives it a tensor, and nothing but
tensors, is TC106 inside the callee, at that argument, where tilert refuses the launch (as
for ``K.fill(bias, 0.0)`` written out). Reached wherever a call applies a summary: a ``def``,
a lambda bound to a name (``tilecheck.host.lambdas``), a method, a launcher kept in a
module dict the call looks up."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Protocol

import libcst as cst

from tilecheck.codes import WRONG_ARGUMENT_KIND
from tilecheck.host.findings import Finding
from tilecheck.host.model import Kind, Oids, Value, flatten
from tilecheck.host.summary import Summary
from tilecheck.syntax.nodes import dotted_name


class Reporting(Protocol):
    """What these helpers use of the calling body's analysis (``SummaryChecks``, which they
    do not import: imports go one way)."""

    def kinds(self, oids: Oids, kind: Kind) -> list[int]: ...

    def elsewhere(self, statement: int | None, call: cst.Call) -> AbstractContextManager[None]: ...

    def report(self, key: object, finding: Finding, top: int | None = None) -> None: ...


def tensor_given(
    an: Reporting,
    call: cst.Call,
    summary: Summary,
    given: cst.Arg,
    value: Value,
    node: cst.CSTNode | None,
) -> bool:
    """TC106 inside the callee at ``node`` (its launch argument) where the call gives a tensor
    (every object the argument may hold one) for a parameter it needs as a partition. True if
    so: the launch raises, nothing is consumed."""
    oids = flatten(value)
    if not oids or summary.statement is None or not isinstance(node, cst.BaseExpression):
        return False
    if len(an.kinds(oids, Kind.TENSOR)) != len(oids):
        return False
    shown = dotted_name(given.value) or "the tensor"
    inner = dotted_name(node) or "it"
    problem = (
        f"`{inner}` is given to a Mutable parameter of a kernel inside `{summary.name}`, and "
        f"this call gives it a tensor: pass a partition of the tensor "
        f"(`{shown}.partition(tile_shape)`), not the tensor"
    )
    with an.elsewhere(summary.statement, call):
        an.report((WRONG_ARGUMENT_KIND, id(node)), Finding(WRONG_ARGUMENT_KIND, node, (problem,)))
    return True
