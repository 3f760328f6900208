"""The words of the host findings: what conflicts with what, where it was taken, how to fix it."""

from __future__ import annotations

import enum
from collections.abc import Sequence

import libcst as cst

from tilecheck.codes import (
    GRAPH_CAPTURE_MISUSE,
    OP_ALREADY_RUN,
    OP_NEVER_RUN,
    PARTITION_ALIVE,
    PARTITION_CONSUMED,
    PENDING_NEVER_WAITED,
    USE_IN_FLIGHT,
    WRITE_WHILE_SHARED,
)
from tilecheck.host.findings import Finding, Part
from tilecheck.host.model import Kind, ObjInfo
from tilecheck.syntax.nodes import dotted_name, path_of, source_of


class Use(enum.Enum):
    """How host code touches a tensor; the verb goes into the message."""

    READ = "used"
    WRITE = "written"
    PARTITION = "partitioned"
    SHARED = "passed to a launch"
    COLLECTIVE = "passed to a collective that writes it"


def display(expr: cst.BaseExpression) -> str:
    """How a finding names an expression: its dotted name, or a generic noun."""
    if isinstance(expr, cst.Subscript):
        return path_of(expr) or source_of(expr)
    return dotted_name(expr) or "the tensor"


def conflict_code(holder: Kind, exclusive: bool, use: Use, *, ordered: bool = False) -> str | None:
    """The rule a use breaks against one live borrow, or None if the two may coexist.
    ``ordered``: the use is a launch's read outside any graph capture, of a tensor (not a view)
    that a Pending of kernel calls' ops writes (``Hold.ordered``): the launch runs after them
    in stream order (docs/decisions.md, "Async")."""
    if holder is Kind.PARTITION:
        return PARTITION_ALIVE
    if exclusive:
        follows = ordered and use is Use.SHARED and holder is Kind.PENDING
        return None if follows else USE_IN_FLIGHT
    return WRITE_WHILE_SHARED if use in (Use.WRITE, Use.PARTITION, Use.COLLECTIVE) else None


def _holder(info: ObjInfo, came_around: bool) -> tuple[Part, ...]:
    site: Part = info.site if info.site is not None else "its definition"
    when = " in the loop's previous iteration" if came_around else ""
    if info.kind is Kind.PARTITION:
        return ("its partition made at ", site, when)
    if info.kind is Kind.PENDING:
        return ("the op submitted at ", site, when)
    if info.kind is Kind.GRAPH:
        return ("the graph captured at ", site, when)
    return (f"the {info.label} created at ", site, when, " (not yet run)")


def _hint(info: ObjInfo, holder_name: str | None) -> str:
    if info.kind is Kind.PARTITION:
        return "pass the partition to a launch (or drop it) first"
    if info.kind is Kind.PENDING:
        call = f"{holder_name}.wait()" if holder_name else "pending.wait()"
        return f"wait on the Pending (`{call}`) first"
    if info.kind is Kind.GRAPH:
        call = f"{holder_name}.close()" if holder_name else "g.close()"
        return f"close the graph (`{call}`) first"
    call = f"{holder_name}.sync()" if holder_name else ".sync()"
    return f"run it and wait for it (`{call}`) first"


def _taken_here(info: ObjInfo, exclusive: bool) -> str:
    if info.kind is Kind.PARTITION:
        return "partitioned here"
    if info.kind is Kind.PENDING:
        return "borrowed here by submit"
    if info.kind is Kind.GRAPH:
        return "held by the graph captured here"
    return f"borrowed here by {info.label}" + ("" if exclusive else " for reading")


def _released_here(info: ObjInfo) -> str:
    verb = {Kind.PENDING: "waited on", Kind.GRAPH: "closed", Kind.OP: "run"}.get(
        info.kind, "released"
    )
    return f"{verb} here, but not on every path that reaches the use"


def _quoted(name: str) -> str:
    """A tensor's name in backticks, unless it comes quoted (``out`` (read by ``show``))."""
    return name if name.startswith("`") else f"`{name}`"


def conflict(
    code: str,
    tensor_name: str,
    use: Use,
    node: cst.CSTNode,
    info: ObjInfo,
    exclusive: bool,
    holder_name: str | None,
    released_at: frozenset[cst.CSTNode],
    came_around: bool,
) -> tuple[tuple[Part, ...], tuple[tuple[cst.CSTNode, str], ...]]:
    """Message and labels of a TC102/TC103/TC104 finding."""
    if code == PARTITION_ALIVE:
        message: tuple[Part, ...] = (
            f"{_quoted(tensor_name)} is {use.value} while ",
            *_holder(info, came_around),
            " is alive (unconsumed); ",
            _hint(info, holder_name),
        )
        primary = "used here while partitioned"
    else:
        does = "reads" if not exclusive else ("holds" if info.kind is Kind.GRAPH else "writes")
        message = (
            f"{_quoted(tensor_name)} is {use.value} while ",
            *_holder(info, came_around),
            f" still {does} it; ",
            _hint(info, holder_name),
        )
        primary = (
            "used here while in flight" if code == USE_IN_FLIGHT else "written here while shared"
        )
    labels: list[tuple[cst.CSTNode, str]] = []
    if info.site is not None:
        labels.append((info.site, _taken_here(info, exclusive)))
    labels.append((node, primary))
    labels.extend((where, _released_here(info)) for where in released_at)
    return message, tuple(labels)


def never_run(site: cst.CSTNode, op: ObjInfo) -> Finding:
    return Finding(
        OP_NEVER_RUN,
        site,
        (
            f"{op.label} is created here but never run on any path: an op is lazy; `.sync()` "
            "it, `.submit()` and wait, `await` it, chain it with `.then`, or record it in a graph",
        ),
    )


def deleted_item(site: cst.CSTNode, info: ObjInfo, where: cst.CSTNode) -> Finding:
    """An op or Pending left in a container deleted at ``where`` (round 33C)."""
    op = info.kind is Kind.OP
    what = f"{info.label} is created here" if op else "the Pending of this submit is made here"
    left = "never run" if op else "never waited"
    return Finding(
        OP_NEVER_RUN if op else PENDING_NEVER_WAITED,
        site,
        (
            f"{what} and kept in a container that is deleted at ",
            where,
            f" while it is still there, {left} on any path (its siblings taken out and used "
            "do not count for it): tilert warns when it is collected; use every item first",
        ),
    )


def skipped_head(site: cst.CSTNode, op: ObjInfo) -> Finding:
    return Finding(
        OP_NEVER_RUN,
        site,
        (
            f"{op.label} is created here as the list's item 0, and nothing ever takes item 0 "
            "out of the list (its runs start at index 1): it is never run; run it too, or do "
            "not make it",
        ),
    )


def left_unrun(site: cst.CSTNode, op: ObjInfo) -> Finding:
    return Finding(
        OP_NEVER_RUN,
        site,
        (
            f"{op.label} is created here but a `return` leaves it unrun on some path (it runs "
            "only on the others): its tensors stay borrowed until it is collected; run it or "
            "make it only where it runs",
        ),
    )


def never_waited(site: cst.CSTNode) -> Finding:
    return Finding(
        PENDING_NEVER_WAITED,
        site,
        (
            "the Pending of this submit is never waited on, on any path: its tensors stay "
            "borrowed; call `.wait()` on it (or `await` it)",
        ),
    )


def evicted(site: cst.CSTNode, name: str, most: int) -> Finding:
    """A ``deque(maxlen=n)`` evicting the Pending of an earlier iteration (``evictions``)."""
    return Finding(
        PENDING_NEVER_WAITED,
        site,
        (
            f"the Pending of this submit is dropped unwaited: `{name}` is a `deque(maxlen="
            f"{most})` and the loop appends more than {most} Pendings to it with nothing "
            "waiting on them in between, so a full deque evicts the oldest; wait on the oldest "
            f"(`{name}.popleft().wait()`) before appending another",
        ),
    )


def trimmed(site: cst.CSTNode, name: str, turn: int, statement: cst.CSTNode) -> Finding:
    """A list of in-flight work dropping a turn's Pending unwaited (``trimmed_items``)."""
    return Finding(
        PENDING_NEVER_WAITED,
        site,
        (
            f"the Pending of this submit is dropped unwaited: the loop keeps it in `{name}`, "
            f"and `{source_of(statement)}` takes it out again (the Pending of turn {turn + 1}) "
            "with nothing waiting on it; wait on it before it leaves the list "
            f"(`{name}.pop(0).wait()`)",
        ),
    )


def cycled_again(site: cst.CSTNode, name: str, count: int) -> Finding:
    """``next(c)`` of an ``itertools.cycle`` of partitions, given again (``cycles``)."""
    return Finding(
        PARTITION_CONSUMED,
        site,
        (
            f"`{name}` cycles through {count} partition{'s' if count != 1 else ''} and the loop "
            f"runs more than {count} times: this `next({name})` gives a launch a partition an "
            "earlier iteration's launch already consumed (a partition moves into the launch it "
            "is passed to); partition the tensor again for each launch",
        ),
    )


def op_overwritten(site: cst.CSTNode, op: ObjInfo) -> Finding:
    return Finding(
        OP_NEVER_RUN,
        site,
        (
            f"{op.label} is created here, and the name holding it is rebound (the loop's next "
            "turn makes another) before it runs: the earlier op is dropped unrun (tilert warns "
            "when it is collected); run each one, or make it only where it runs",
        ),
    )


def launch_dropped(site: cst.CSTNode) -> Finding:
    return Finding(
        PENDING_NEVER_WAITED,
        site,
        (
            "the Pending of this graph launch is dropped unwaited: tilert warns when it is "
            "collected; call `.wait()` on it",
        ),
    )


def sliced_off(site: cst.CSTNode, holder: ObjInfo, sliced: cst.BaseExpression) -> Finding:
    """A list walked only through a slice that leaves items out (``Windows.slice_leaves``)."""
    pending = holder.kind is Kind.PENDING
    what, done = ("the Pendings made here", "waited on") if pending else ("the ops", "run")
    return Finding(
        OP_NEVER_RUN if not pending else PENDING_NEVER_WAITED,
        site,
        (
            f"{what} are reached only through `{source_of(sliced)}`, which leaves some out: "
            f"those are never {done} (the list is not used otherwise); walk the whole list",
        ),
    )


def left_unwaited(site: cst.CSTNode) -> Finding:
    return Finding(
        PENDING_NEVER_WAITED,
        site,
        (
            "the Pending of this submit is still unwaited when the function returns (the last "
            "one of a loop that waits each Pending in the next iteration): its tensors stay "
            "borrowed until it is collected; wait on it before returning",
        ),
    )


def overwritten(site: cst.CSTNode) -> Finding:
    return Finding(
        PENDING_NEVER_WAITED,
        site,
        (
            "the Pending of this submit is dropped unwaited: the name (or list item) holding it "
            "is rebound (a later submit) before anything waits on it, so only the last one is "
            "waited; wait on each one, or keep them in a list and wait on every one",
        ),
    )


def popped(site: cst.CSTNode, where: cst.CSTNode) -> Finding:
    return Finding(
        PENDING_NEVER_WAITED,
        site,
        (
            "the Pending of this submit is dropped unwaited: it is popped from the container "
            "holding it and discarded at ",
            where,
            " before anything waits on it; wait on what `pop` returns",
        ),
    )


def cleared(site: cst.CSTNode, where: cst.CSTNode) -> Finding:
    return Finding(
        PENDING_NEVER_WAITED,
        site,
        (
            "the Pending of this submit is dropped unwaited: the container holding it is "
            "cleared at ",
            where,
            " before anything waits on it; wait on its items before `clear()`",
        ),
    )


# TC110: how an op was run or handed on, by the name the analysis gives the way.
_RUN_HOW = {
    "sync": "run by `.sync()`",
    "sync_on": "run by `.sync_on()`",
    "submit": "submitted by `.submit()`",
    "await": "run by `await`",
    "then": "chained into another op by `.then`",
    "zip": "zipped into another op by `tr.zip`",
    "record": "recorded in a graph",
}
_RUN_AGAIN = {
    "sync": "this `.sync()`",
    "sync_on": "this `.sync_on()`",
    "submit": "this `.submit()`",
    "await": "this `await`",
    "then": "chaining it",
    "zip": "zipping it",
    "record": "recording it",
}
_RUN_LABEL = {
    "sync": "run here",
    "sync_on": "run here",
    "submit": "submitted here",
    "await": "run here (awaited)",
    "then": "chained here",
    "zip": "zipped here",
    "record": "recorded here",
}
_HANDED = frozenset({"then", "zip", "record"})


def already_run(
    node: cst.CSTNode,
    name: str,
    op: ObjInfo,
    runs: Sequence[tuple[cst.CSTNode, str]],
    how: str,
    *,
    around: bool = False,
) -> Finding:
    """TC110: ``name`` is run (``how``) again after ``runs``, where it was run on every path
    (``around``: on every way around the loop, which runs it again in its next iteration)."""
    site: Part = op.site if op.site is not None else "its definition"
    # run only here before: by an earlier turn of the loop (a ``for`` built slot by slot)
    around = around or all(where is node for where, _ in runs)
    first: tuple[Part, ...]
    if len(runs) == 1:
        (where, way), *_ = runs
        first = (_RUN_HOW[way], " at ", where)
    else:
        first = ("run on every path that reaches here (", runs[0][0])
        for where, _ in runs[1:]:
            first += (", ", where)
        first += (")",)
    if all(way in _HANDED for _, way in runs):
        hint = "run the op (or graph) it was handed to instead, or call the kernel again"
    else:
        hint = "call the kernel again for a new op (after the first run is synced)"
    when = " in the loop's previous iteration" if around else ""
    message: tuple[Part, ...] = (
        f"`{name}` ({op.label} created at ",
        site,
        ") was already ",
        *first,
        when,
        f"; an op runs once, so {_RUN_AGAIN[how]} raises: {hint}",
    )
    labels: list[tuple[cst.CSTNode, str]] = []
    if op.site is not None:
        labels.append((op.site, "created here"))
    if not around:
        labels.extend((where, _RUN_LABEL[way]) for where, way in runs)
    labels.append(
        (node, "run again here, in the loop's next iteration" if around else "run again here")
    )
    return Finding(OP_ALREADY_RUN, node, message, tuple(labels))


def item_already_run(
    node: cst.CSTNode,
    shown: str,
    container: str,
    infos: Sequence[ObjInfo],
    runs: dict[int, list[tuple[cst.CSTNode, str]]],
    how: str,
) -> Finding:
    """TC110: ``shown`` (an item of ``container`` by an index not followed) is one of ``runs``'
    ops, each already run or handed on, on every path."""
    message: list[Part] = [
        f"`{shown}` is one of the ops `{container}` holds, and every one was already run or "
        "handed on on every path ("
    ]
    labels: list[tuple[cst.CSTNode, str]] = []
    for i, (op, ran) in enumerate(runs.items()):
        info = infos[op]
        where, way = ran[0]
        message += ["; " if i else "", f"{info.label} created at "]
        message += [info.site if info.site is not None else "its definition"]
        message += [f": {_RUN_HOW[way]} at ", where]
        if info.site is not None:
            labels.append((info.site, "created here"))
        labels.append((where, _RUN_LABEL[way]))
    handed = all(r[0][1] in _HANDED for r in runs.values())
    hint = (
        "run the op (or graph) it was handed to instead, or call the kernel again"
        if handed
        else "call the kernel again for a new op (after the first run is synced)"
    )
    message.append(f"); an op runs once, so {_RUN_AGAIN[how]} raises: {hint}")
    labels.append((node, "run again here"))
    return Finding(OP_ALREADY_RUN, node, tuple(message), tuple(labels))


def parameter_rerun(
    node: cst.CSTNode, name: str, runs: Sequence[tuple[cst.CSTNode, str]], how: str
) -> Finding:
    """TC110 inside a function, on the op a caller passed as ``name`` (reported where a call
    certainly passes one)."""
    (where, way), *_ = runs
    return Finding(
        OP_ALREADY_RUN,
        node,
        (
            f"`{name}` (the op passed to this function) was already {_RUN_HOW[way]} at ",
            where,
            f"; an op runs once, so {_RUN_AGAIN[how]} raises: call the kernel again for a "
            "new op (after the first run is synced)",
        ),
        ((where, _RUN_LABEL[way]), (node, "run again here")),
    )


def refused_in_capture(node: cst.CSTNode, what: str, fix: str, capture: cst.CSTNode) -> Finding:
    """TC111: ``what`` (``"`x.sync()` runs op `k`"``) inside ``with tr.graph()``."""
    return Finding(
        GRAPH_CAPTURE_MISUSE,
        node,
        (
            f"{what} while a graph is being captured (the capture started at ",
            capture,
            f"); tilert refuses it: {fix}",
        ),
        ((capture, "capture started here"), (node, "refused while capturing")),
    )
