"""Ops a helper runs through a callback its caller gives: ``def step(t, run): run(k(...))``
called as ``step(buf, lambda op: op.sync())`` runs the op where ``step`` is called; inside a
graph capture that is TC111 (``CallSites.callbacks_run``). The helper's summary says which
parameter it calls with an op it makes, on every call, and at which position; the caller's
lambda says what it does with that parameter."""

from __future__ import annotations

import libcst as cst

# What a callback may do with the op it is given that runs it (``await`` aside).
RUNS = frozenset({"sync", "submit", "sync_on"})


def runs_parameter(callback: cst.BaseExpression, position: int) -> cst.Call | None:
    """The call by which ``lambda op: op.sync()`` runs its parameter at ``position``, where
    its whole body is that call; None for anything else."""
    if not isinstance(callback, cst.Lambda):
        return None
    params = callback.params
    plain = [*params.posonly_params, *params.params]
    if position >= len(plain):
        return None
    name = plain[position].name.value
    body = callback.body
    if (
        isinstance(body, cst.Call)
        and isinstance(body.func, cst.Attribute)
        and isinstance(body.func.value, cst.Name)
        and body.func.value.value == name
        and body.func.attr.value in RUNS
    ):
        return body
    return None


def entered_name(name: str) -> str:
    """The summary name of a ``@contextmanager`` function ``name`` run by ``with name(...)``
    (its body, to the ``yield`` and after it; never a name a call looks up)."""
    return f"with {name}"
