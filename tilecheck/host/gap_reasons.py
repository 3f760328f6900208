"""Where the host analysis gave up on an object, and why (``tilecheck --show-gaps``, issue 17
round 30R; imported only while recording: the hooks and the switch are ``host.gaps``).

The analysis follows tensors, partitions, ops, Pendings and graphs through the code it
knows; where one goes somewhere it does not follow (an unknown call, an attribute or item
store it does not track, a closure, the caller, a context manager's exit) it *releases* it:
an op counts as run, a Pending as waited, a partition's borrows are no longer held. That is
where silence comes from: every finding that code would have caused later is lost. A *gap*
records such a place, with why, as a diagnostic of its own code (``TC9xx``, never a finding:
it is never selected, suppressed, counted or failing).

The hooks are few: the analysis's outermost ``escape`` (``Inlined.escape``: every release
goes through it) calls ``escaped`` while ``gaps.RECORDING`` is on, ``close_over`` calls
``captured``, ``SlotFacts.retire`` ``joined`` and ``with_exits.left`` ``left_unknown``. The
reason is read from the analysis's own frames (which release path called ``escape``:
``REASON_OF``), so no release site carries an argument for it; a path not named there is
``TC910`` with its function's name. Off (the default) the hooks cost one global read per release."""

from __future__ import annotations

import builtins
import dataclasses
import sys
from collections.abc import Mapping
from types import FrameType
from typing import Protocol

import libcst as cst

from tilecheck.flow.cfg import Element
from tilecheck.frozen import frozen
from tilecheck.host.context import Context
from tilecheck.host.findings import Finding, FindingSink, Part
from tilecheck.host.model import Hold, Kind, ObjInfo, Oids, Value, flatten
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import children


class Frame(Protocol):
    """What the hooks read of the analysis (``tilecheck.host.frame.Frame``, which imports
    this module)."""

    ctx: Context
    element: Element | None
    infos: list[ObjInfo]
    env: Mapping[str, Oids]
    holds: Mapping[int, Hold]
    sink: FindingSink

    def is_live(self, oid: int) -> bool: ...
    def live_holders(self) -> list[int]: ...
    def holder_name(self, oid: int) -> str | None: ...


@frozen
class Reason:
    code: str
    slug: str
    text: str  # what happened to the objects, after "gave up following ...: "


UNKNOWN_CALL = Reason("TC901", "unknown-call", "passed to {call}, a call of unknown code")
LIBRARY_CALL = Reason("TC902", "library-call", "passed to {call}, a library call with no spec")
NO_SUMMARY = Reason(
    "TC903", "no-summary", "passed to {call}, a function of the module with no summary"
)
GIVEN = Reason(
    "TC904",
    "given-to-function",
    "given to {call}, a function of the module: taken as run or waited there",
)
STORED = Reason(
    "TC905", "stored", "stored into an object, container or name the analysis does not follow"
)
CAPTURED = Reason(
    "TC906",
    "captured",
    "captured by a closure, callback or task: taken as run or waited from here on",
)
RETURNED = Reason(
    "TC907",
    "returned",
    "returned or yielded to callers the analysis does not follow it into (no summary made of "
    "the function)",
)
UNKNOWN_MANAGER = Reason(
    "TC908",
    "unknown-manager",
    "live when {call} is left, a context manager whose exit the analysis does not follow",
)
JOINED = Reason(
    "TC909",
    "joined",
    "made again at its site (a loop's next turn, a second call) while live: the turns' "
    "objects are joined into one, followed as may-be only",
)
OTHER = Reason("TC910", "other", "released by `{call}` in the analysis")
UNKNOWN_CALLEE = Reason(
    "TC911",
    "unknown-callee",
    "live when {call} is called, a callable value the analysis does not resolve (a "
    "parameter, an item, a value it does not follow): what it runs is not seen",
)

REASONS = (
    UNKNOWN_CALL,
    LIBRARY_CALL,
    NO_SUMMARY,
    GIVEN,
    STORED,
    CAPTURED,
    RETURNED,
    UNKNOWN_MANAGER,
    JOINED,
    OTHER,
    UNKNOWN_CALLEE,
)
BY_CODE = {reason.code: reason for reason in REASONS}

# The analysis's functions that call ``escape`` for a reason of their own (the nearest one up
# the Python stack decides); ``None``: the call's callee decides (``_call_reason``).
REASON_OF: dict[str, Reason | None] = {
    "unknown_args": None,
    "unknown_call": None,
    "call_summary": GIVEN,
    "escape_all": GIVEN,
    "attribute_releases": GIVEN,
    "global_releases": GIVEN,
    "bind": STORED,
    "bind_name": STORED,
    "close_over": CAPTURED,
    "call_closures": CAPTURED,
    "run_lambda": CAPTURED,
    "release": CAPTURED,  # (``tasks.release``: what the module's tasks hold, at an ``await``)
    "_give_away": NO_SUMMARY,  # (a constructor's argument it does not keep: ``object_graphs``)
    "note_appended": STORED,  # (a method appends it to a list attribute: ``receivers``)
    "_comprehension": STORED,
    "_sequence": STORED,
    "_yield": RETURNED,
    "run_inline": GIVEN,
    "partial_launch": GIVEN,
}
# frames that only pass a release on (their caller's reason applies)
_PASSING = frozenset({"escape", "escaped"})
_BINDING = (cst.Assign, cst.AnnAssign, cst.AugAssign)


def is_gap(code: str) -> bool:
    return code in BY_CODE


def escaped(an: Frame, value: Value) -> None:
    """``an.escape(value)`` is releasing what ``value`` holds: a gap where a holder is live,
    or, given to a call, a tensor a live holder borrows (what the call does with it is not
    seen) or one the call's kept result may alias."""
    given = flatten(value)
    if not given:
        return
    reason, call, first = _reason(sys._getframe(2))  # (above the hook)
    oids = _live(an, given)
    if reason is None and any(an.infos[o].kind is Kind.TENSOR for o in given):
        element = an.element
        kept = element is not None and type(element.node) in _BINDING
        borrowed = {b.tensor for h in an.live_holders() for b in an.holds[h].borrows}
        oids.extend(o for o in given if an.infos[o].kind is Kind.TENSOR and (kept or o in borrowed))
    if not oids:
        return
    if reason is RETURNED and getattr(an, "summarized", False):
        return  # (its callers follow what it returns)
    if reason is None:
        reason = _call_reason(an, call) if call is not None else UNKNOWN_CALL
    shown = first if reason is OTHER else _call_text(call) if call is not None else "a call"
    record(an, reason, call, oids, shown)


def _reason(frame: FrameType | None) -> tuple[Reason | None, cst.Call | None, str]:
    """The release path that called ``escape`` (``REASON_OF``; None: the call's callee
    decides), the call it met, and the first function up the stack (for ``OTHER``)."""
    first: str | None = None
    for _ in range(12):
        if frame is None:
            break
        name = frame.f_code.co_name
        if name in REASON_OF:
            return REASON_OF[name], _call_near(frame), first or name
        if name == "run_element":
            element = frame.f_locals.get("element")
            if type(getattr(element, "node", None)) is cst.Return:
                return RETURNED, None, name
            break
        if first is None and name not in _PASSING:
            first = name
        frame = frame.f_back
    return OTHER, None, first or "?"


def captured(an: Frame, oids: Oids) -> None:
    """``an.close_over(oids)``: a closure names these, taken as run/waited from now on."""
    live = _live(an, oids)
    if live:
        record(an, CAPTURED, None, live, "")


def joined(an: Frame, oid: int) -> None:
    """``an.retire(oid)``: its site makes a new object while the one it stood for is live."""
    if an.infos[oid].kind is not Kind.TENSOR and an.is_live(oid):
        record(an, JOINED, None, [oid], "")


def left_unknown(an: Frame, item: cst.WithItem) -> None:
    """``WITH_EXIT`` of a manager the analysis does not follow (not tilert's, not the
    module's): the holders live there meet code it does not see."""
    expr = item.item
    func = expr.func if type(expr) is cst.Call else expr
    canonical = an.ctx.callee(func).canonical or ""
    if canonical.split(".")[0] == "tilert" or an.env.get(dotted_name(expr) or ""):
        return  # (tilert's own, or an object the analysis follows: ``with g:``)
    live = [o for o in an.live_holders() if an.infos[o].kind is not Kind.TENSOR]
    if live:
        record(an, UNKNOWN_MANAGER, item, live, _call_text(expr))


def called_unknown(an: Frame, call: cst.Call) -> None:
    """A call of a value the analysis cannot tell the code of (round 37L): a parameter or a
    local name holding nothing it follows, an item of a container, a call's result -- not a
    ``def`` or class of the module (those are ``TC903`` where they take something). The
    holders live there meet code it does not see."""
    func = call.func
    if type(func) is cst.Name:
        if func.value in _defined(an.ctx.module) or func.value in _BUILTINS:
            return
    elif type(func) is not cst.Subscript and type(func) is not cst.Call:
        return
    live = [o for o in an.live_holders() if an.infos[o].kind is not Kind.TENSOR]
    if live:
        record(an, UNKNOWN_CALLEE, call, live, _call_text(call))


def record(an: Frame, reason: Reason, node: cst.CSTNode | None, oids: list[int], call: str) -> None:
    element = an.element
    if element is None:
        return
    where = node if node is not None else element.node
    if type(where) is cst.FunctionDef or type(where) is cst.ClassDef:
        where = where.name  # (a ``def`` built for a lambda keeps the lambda's nodes, not its own)
    parts: list[Part] = ["gave up following "]
    shown: dict[tuple[str, cst.CSTNode | None], None] = {}
    for oid in sorted(set(oids)):
        info = an.infos[oid]
        name = an.holder_name(oid)
        shown[(_NOUNS[info.kind] + (f" `{name}`" if name else ""), info.site)] = None
    for n, (noun, site) in enumerate(list(shown)[:_SHOWN]):
        parts.append((", " if n else "") + noun)
        if site is not None:
            parts.extend((" made at ", site))
    if len(shown) > _SHOWN:
        parts.append(f" and {len(shown) - _SHOWN} more")
    parts.append(": " + reason.text.format(call=call))
    finding = Finding(reason.code, where, tuple(parts))
    key = ("gap", reason.code, where)
    if not an.sink.has(key):
        an.sink.add(key, (element.seq, 0), dataclasses.replace(finding, top=element.top))


_SHOWN = 3  # objects named in one gap's message
_NOUNS = {
    Kind.TENSOR: "tensor",
    Kind.PARTITION: "partition",
    Kind.OP: "op",
    Kind.PENDING: "Pending",
    Kind.GRAPH: "graph",
    Kind.INSTANCE: "object",
}


def _call_near(frame: FrameType | None) -> cst.Call | None:
    """The call the release path met (its ``call``, or its caller's)."""
    for _ in range(3):
        if frame is None:
            return None
        found = frame.f_locals.get("call")
        if type(found) is cst.Call:
            return found
        frame = frame.f_back
    return None


def _live(an: Frame, oids: Oids) -> list[int]:
    infos = an.infos
    return [o for o in oids if infos[o].kind is not Kind.TENSOR and an.is_live(o)]


def _call_text(expr: cst.BaseExpression) -> str:
    if type(expr) is cst.Call:
        dotted = dotted_name(expr.func)
        return f"`{dotted}(...)`" if dotted else "a call"
    dotted = dotted_name(expr)
    return f"`{dotted}`" if dotted else "an expression"


def _call_reason(an: Frame, call: cst.Call) -> Reason:
    """Why the call is unknown: a function or method of the module the analysis made no
    summary of, a library's (its name resolves through the imports, or a builtin), or other
    code (a method of an unknown object, a parameter, a call's result)."""
    func = call.func
    dotted = dotted_name(func)
    if dotted is None:
        return UNKNOWN_CALL
    ctx = an.ctx
    head, _, rest = dotted.partition(".")
    if head in _defined(ctx.module) or ctx.definition_for(dotted) is not None:
        return NO_SUMMARY
    info = getattr(an, "method_of", None)
    if info is not None and rest and ctx.definition_for(f"{info.name}.{rest}") is not None:
        return NO_SUMMARY  # (``self.helper(...)``)
    canonical = ctx.callee(func).canonical
    if canonical is not None and ("." in canonical or canonical in _BUILTINS):
        return LIBRARY_CALL
    return UNKNOWN_CALL


_BUILTINS = frozenset(dir(builtins))
_DEFINED: dict[int, tuple[cst.Module, frozenset[str]]] = {}


def _defined(module: cst.Module | None) -> frozenset[str]:
    """The names the module's ``def``s and ``class``es bind, at any depth (once a module)."""
    if module is None:
        return frozenset()
    kept = _DEFINED.get(id(module))
    if kept is not None and kept[0] is module:
        return kept[1]
    names: set[str] = set()
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if type(node) is cst.FunctionDef or type(node) is cst.ClassDef:
            names.add(node.name.value)
        if not isinstance(node, cst.BaseExpression):
            stack.extend(children(node))
    _DEFINED.clear()
    _DEFINED[id(module)] = (module, frozenset(names))
    return frozenset(names)
