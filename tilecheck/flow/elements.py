"""The kinds of a control-flow graph's elements (``tilecheck.flow.cfg``), apart so that the
modules that decide how a statement is built (``tilecheck.flow.peel``) need not import the
builder."""

from __future__ import annotations

import enum


class ElementKind(enum.Enum):
    STMT = "stmt"  # a small statement (Assign, Expr, Del, Raise, Import, ...)
    EVAL = "eval"  # an expression evaluated for control flow (a test, an iterable, a subject)
    FOR_TARGET = "for-target"  # node: the For; binds its target to the next item
    FOR_DONE = "for-done"  # node: the For; its iterable is exhausted (no ``break`` came here)
    WITH_ENTER = "with-enter"  # node: the WithItem; evaluates it, binds ``as`` target
    EXCEPT_BIND = "except-bind"  # node: the ExceptHandler; binds ``as`` name
    PATTERN = "pattern"  # node: the MatchCase; binds the names its pattern captures
    DEF = "def"  # node: a nested FunctionDef or ClassDef; binds its name
    RETURN = "return"  # node: the Return; evaluates its value, which leaves the body
    ASSUME_TRUE = "assume-true"  # node: a test already evaluated; this path has it true
    ASSUME_FALSE = "assume-false"  # ... and this one false
    LOOP_BACK = "loop-back"  # node: the For or While; every way around to its next iteration
    UNDONE = "undone"  # node: a statement in a ``try`` whose last call raised (``undone``)
    WITH_EXIT = "with-exit"  # node: the WithItem; its block is left (normal end, jumps)
    # A ``@contextmanager`` function's body built in place of its ``with`` (``build_cfg``'s
    # ``splice``): node, the WithItem; binds the function's parameters to the call's arguments
    WITH_CALL = "with-call"
    YIELDED = "yielded"  # node: that WithItem; binds its ``as`` target to what ``yield`` gives
    # A ``for`` built slot by slot too (``tilecheck.flow.unroll``), node: the For. The ways
    UNROLL_IN = "unroll-in"  # into its ``width`` slots (where the items are known one by one)
    UNROLL_OUT = "unroll-out"  # and into the loop; the target takes slot ``slots[-1]``'s item:
    FOR_SLOT = "for-slot"


# ``WITH_EXIT``'s width on the way an exception raised in the block takes: ``__exit__`` runs
# with the exception (``tilecheck.host.with_exits``), then the handlers
UNWINDING = 1
