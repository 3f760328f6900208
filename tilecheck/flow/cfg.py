"""A control-flow graph over the statements of one body (a function's, a class's or a module's).

Built in one pass over the statements; expressions are not looked into (the analysis walks them when
it interprets an element). Branches, loops with ``else``, ``break``/``continue``/``return``,
``try``/``except``/``else``/``finally`` (the ``finally`` body is copied once per way out, as CPython
compiles it), ``with`` (async too) and ``match`` are supported. Nested functions and classes become
a ``DEF`` element here and are listed in ``CFG.nested`` to be analysed as bodies of their own.
Inside a ``try`` body every element sits in a block of its own with an edge to the handlers, so
the state a handler sees is the state after any element that may have raised."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import replace
from typing import cast

import libcst as cst

from tilecheck.flow import last_turn, peel, unroll
from tilecheck.flow.elements import UNWINDING
from tilecheck.flow.elements import ElementKind as ElementKind
from tilecheck.flow.graph import CFG as CFG
from tilecheck.flow.graph import Block as Block
from tilecheck.flow.graph import Element as Element
from tilecheck.flow.trips import constant_false as _is_constant_false
from tilecheck.flow.trips import constant_true as _is_constant_true
from tilecheck.flow.trips import counted, known, length, non_empty
from tilecheck.flow.trips import holds_on_entry as _holds_on_entry
from tilecheck.flow.trips import irrefutable as _irrefutable
from tilecheck.flow.undone import undone_call
from tilecheck.frozen import frozen

Splice = Callable[  # (the item, the items around it, whether its ``with`` is ``async``)
    [cst.WithItem, tuple[cst.WithItem, ...], bool],
    tuple[Sequence[cst.BaseStatement | cst.BaseSmallStatement], cst.BaseSmallStatement] | None,
]


@frozen
class _Finally:
    body: Sequence[cst.BaseStatement | cst.BaseSmallStatement]
    outer: _Ctx  # the context around the ``try``: where a copy of ``finally`` is built
    exit: cst.WithItem | None = None  # a ``with`` item: its ``WITH_EXIT`` instead of a body


@frozen
class _Ctx:
    break_to: Block | None = None
    continue_to: Block | None = None
    raise_to: Block | None = None  # None: no handler in this body, exceptions leave it
    finallies: tuple[_Finally, ...] = ()
    loop_finallies: int = 0  # how many of ``finallies`` were entered outside the current loop
    withs: tuple[cst.WithItem, ...] = ()


# ``stmt``'s cases, found once per statement class: ``isinstance`` on libcst's classes goes
# through ``ABCMeta`` (slow, and asked of every statement of every body).
_Simple = cst.SimpleStatementLine | cst.SimpleStatementSuite
_CASES: tuple[type | tuple[type, ...], ...] = (
    (cst.SimpleStatementLine, cst.SimpleStatementSuite),
    cst.BaseSmallStatement,
    cst.If,
    cst.For,
    cst.While,
    (cst.Try, cst.TryStar),
    cst.With,
    cst.Match,
    (cst.FunctionDef, cst.ClassDef),
)
_SIMPLE, _SMALL, _IF, _FOR, _WHILE, _TRY, _WITH, _MATCH, _DEF = range(len(_CASES))
_CASE: dict[type, int] = {}


def _case_of(cls: type) -> int:
    """The first of ``_CASES`` ``cls`` is a subclass of (``len(_CASES)``: none)."""
    case = next((i for i, c in enumerate(_CASES) if issubclass(cls, c)), len(_CASES))
    _CASE[cls] = case
    return case


def _suite(body: cst.BaseSuite) -> Sequence[cst.BaseStatement | cst.BaseSmallStatement]:
    return body.body


class _Builder:
    def __init__(
        self,
        never: Callable[[cst.BaseExpression], bool] | None = None,
        filled: Container[str] = frozenset(),
        splice: Splice | None = None,
        constants: Mapping[str, int] | None = None,
        lengths: unroll.Lengths | None = None,
    ) -> None:
        # the scope's integer constants (``range(WARMUP)``: the loop runs)
        self.constants = constants if constants is not None else {}
        self.lengths = lengths  # the lengths of the module's lists of keys (``unroll.slots``)
        self.never = never  # a test known false wherever the body runs (a module's flag)
        self.splice = splice
        # a spliced manager's ``yield`` statement (by id) -> how the ``with`` goes on there
        self.yields: dict[int, Callable[[Block, _Ctx], Block | None]] = {}
        self.filled = filled  # attributes that hold a non-empty list (``tilecheck.flow.filled``)
        self.blocks: list[Block] = []
        self.nested: list[cst.FunctionDef | cst.ClassDef] = []
        self._nested_ids: set[int] = set()
        self.seq = 0
        self.top = 0
        self.loops: dict[int, int] = {}
        self.slots: tuple[int, ...] = ()  # the slots of the unrolled loops being built
        self.unrolled: list[cst.For] = []
        self.continues: set[int] = set()  # the blocks ``continue`` jumps to
        # a loop's body (by ``id``) -> the loop and the way out its last turn takes there
        self.last_exits: dict[int, tuple[cst.For, Block]] = {}
        self.last_ways: set[int] = set()  # the loops (by ``id``) whose body ends so (40N)
        self.arounds: list[Block] = []  # ways around a loop into its body alone (``onward``)
        self.before: cst.CSTNode | None = None  # the statement before the one being built
        # the suite of the statement being built, and its index there
        self.suite: tuple[Sequence[cst.BaseStatement | cst.BaseSmallStatement], int] = ((), 0)
        # the suites around it, innermost first, each with the statement holding this one
        self.outer: list[
            tuple[
                Sequence[cst.BaseStatement | cst.BaseSmallStatement],
                int,
                cst.BaseStatement | cst.BaseSmallStatement,
            ]
        ] = []
        self.entry = self.new()
        self.exit = self.new()
        self.raise_exit = self.new()

    def new(self) -> Block:
        block = Block(len(self.blocks))
        self.blocks.append(block)
        return block

    def add(
        self, block: Block, kind: ElementKind, node: cst.CSTNode, ctx: _Ctx, width: int = 0
    ) -> Block:
        """Append an element; inside a ``try`` it gets a block of its own and an edge to the
        handlers. Returns the block now holding the element."""
        element = Element(kind, node, ctx.withs, self.seq, self.top, self.slots, width)
        self.seq += 1
        if ctx.raise_to is None:
            block.elements.append(element)
            return block
        if block.elements:
            nxt = self.new()
            block.link(nxt)
            block = nxt
        block.elements.append(element)
        if kind is ElementKind.STMT and undone_call(node) is not None:
            # the way to the handlers from such a statement leaves what its call makes unmade
            raised = self.follow(block)
            raised.elements.append(element._replace(kind=ElementKind.UNDONE))
            raised.link(ctx.raise_to)
            return block
        block.link(ctx.raise_to)
        return block

    def follow(self, block: Block) -> Block:
        """A fresh block after ``block`` (so an element after a try split starts clean)."""
        nxt = self.new()
        block.link(nxt)
        return nxt

    # -- statements -----------------------------------------------------------------------
    def stmts(
        self, body: Sequence[cst.BaseStatement | cst.BaseSmallStatement], block: Block, ctx: _Ctx
    ) -> Block | None:
        current: Block | None = block
        before: cst.CSTNode | None = None
        around = self.suite
        if around[0]:
            self.outer.insert(0, (*around, around[0][around[1]]))
        try:
            for index, stmt in enumerate(body):
                if current is None:
                    return None  # dead code after return/raise/break/continue
                self.before = before
                self.suite = (body, index)
                last = self.last_exits.get(id(body)) if index + 1 == len(body) else None
                if last is not None and type(stmt) is cst.If:
                    current = self.last_if(stmt, current, ctx, last)
                else:
                    current = self.stmt(stmt, current, ctx)
                before = stmt
            return current
        finally:
            if around[0]:
                del self.outer[0]
            self.suite = around

    def stmt(
        self, stmt: cst.BaseStatement | cst.BaseSmallStatement, block: Block, ctx: _Ctx
    ) -> Block | None:
        case = _CASE.get(type(stmt))
        if case is None:
            case = _case_of(type(stmt))
        if case == _SIMPLE:
            return self.stmts(cast(_Simple, stmt).body, block, ctx)
        if case == _SMALL:
            return self.small(cast(cst.BaseSmallStatement, stmt), block, ctx)
        if case == _IF:
            return self.if_(cast(cst.If, stmt), block, ctx)
        if case == _FOR:
            return self.for_(cast(cst.For, stmt), block, ctx)
        if case == _WHILE:
            return self.while_(cast(cst.While, stmt), block, ctx)
        if case == _TRY:
            return self.try_(cast(cst.Try | cst.TryStar, stmt), block, ctx)
        if case == _WITH:
            return self.with_(cast(cst.With, stmt), block, ctx)
        if case == _MATCH:
            return self.match(cast(cst.Match, stmt), block, ctx)
        if case == _DEF:
            if id(stmt) not in self._nested_ids:
                self._nested_ids.add(id(stmt))
                self.nested.append(cast(cst.FunctionDef | cst.ClassDef, stmt))
            return self.add(block, ElementKind.DEF, stmt, ctx)
        return block  # a statement kind this Python does not have yet: no effect

    def small(self, stmt: cst.BaseSmallStatement, block: Block, ctx: _Ctx) -> Block | None:
        kind = type(stmt)
        if kind is cst.Return:
            block = self.add(block, ElementKind.RETURN, stmt, ctx)
            self.jump(block, "return", ctx)
            return None
        if kind is cst.Break:
            self.jump(block, "break", ctx)
            return None
        if self.yields and id(stmt) in self.yields:
            return self.yields.pop(id(stmt))(block, ctx)
        if kind is cst.Continue:
            self.jump(block, "continue", ctx)
            return None
        block = self.add(block, ElementKind.STMT, stmt, ctx)
        if kind is cst.Raise:
            block.link(ctx.raise_to or self.raise_exit)
            return None
        return block

    def jump(self, block: Block, kind: str, ctx: _Ctx) -> None:
        """Leave through every ``finally`` between here and the target, each copied."""
        first = 0 if kind == "return" else ctx.loop_finallies
        current: Block | None = block
        for frame in reversed(ctx.finallies[first:]):
            assert current is not None
            if frame.exit is not None:
                current = self.add(current, ElementKind.WITH_EXIT, frame.exit, frame.outer)
                continue
            current = self.stmts(frame.body, self.follow(current), frame.outer)
            if current is None:
                return  # the finally body itself left (return/raise inside finally)
        assert current is not None
        if kind == "return":
            target: Block | None = self.exit
        elif kind == "break":
            target = ctx.break_to
        else:
            target = ctx.continue_to
        if target is not None:  # break/continue outside a loop is a SyntaxError: no edge
            current.link(target)
            if kind == "continue":
                self.continues.add(target.index)

    def join(self, *ends: Block | None) -> Block | None:
        live = [e for e in ends if e is not None]
        if not live:
            return None
        after = self.new()
        for e in live:
            e.link(after)
        return after

    def branch(self, test: Block, node: cst.BaseExpression, truth: bool, ctx: _Ctx) -> Block:
        """The start of the way out of ``test`` taken when ``node`` is ``truth``."""
        kind = ElementKind.ASSUME_TRUE if truth else ElementKind.ASSUME_FALSE
        return self.add(self.follow(test), kind, node, ctx)

    def if_(self, stmt: cst.If, block: Block, ctx: _Ctx) -> Block | None:
        return self.join(*self.if_ends(stmt, block, ctx))

    def last_if(
        self, stmt: cst.If, block: Block, ctx: _Ctx, last: tuple[cst.For, Block]
    ) -> Block | None:
        """The last statement of a loop's body, an ``if``: where its test tells the loop's last
        turn (``flow.last_turn``), the way taken on that turn leads out of the loop (``last[1]``:
        the way out of an exhausted loop), not around it."""
        way = last_turn.last_way(last[0], stmt.test)
        ends = self.if_ends(stmt, block, ctx)
        if way is None:
            return self.join(*ends)
        out, on = (ends[0], ends[1]) if way else (ends[1], ends[0])
        self.last_ways.add(id(last[0]))
        if out is not None:
            out.link(last[1])
        return on

    def if_ends(self, stmt: cst.If, block: Block, ctx: _Ctx) -> tuple[Block | None, Block | None]:
        """The ends of ``stmt``'s ways (the test true, false), not yet joined."""
        # ``cancelled = True`` then ``if cancelled:``: no way around the body
        sure = known(self.never, "always", stmt.test) is True  # ``MODE == "a"``: no ``else``
        always = sure or _is_constant_true(stmt.test) or _holds_on_entry(stmt.test, self.before)
        test = self.add(block, ElementKind.EVAL, stmt.test, ctx)
        if _is_constant_false(stmt.test) or (self.never is not None and self.never(stmt.test)):
            # ``if False:``, ``if DEBUG:`` (``DEBUG = False``): built, listed, no way leads in
            then_end: Block | None = None
            self.stmts(_suite(stmt.body), self.new(), ctx)
        else:
            then_end = self.stmts(_suite(stmt.body), self.branch(test, stmt.test, True, ctx), ctx)
        orelse = stmt.orelse
        if orelse is None and always:
            return then_end, None
        otherwise = self.new() if sure else self.branch(test, stmt.test, False, ctx)
        if orelse is None:
            else_end: Block | None = otherwise
        elif isinstance(orelse, cst.If):
            else_end = self.if_(orelse, otherwise, ctx)
        else:
            else_end = self.stmts(_suite(orelse.body), otherwise, ctx)
        return then_end, None if sure else else_end

    def loop_ctx(self, ctx: _Ctx, after: Block, header: Block) -> _Ctx:
        return _Ctx(
            break_to=after,
            continue_to=header,
            raise_to=ctx.raise_to,
            finallies=ctx.finallies,
            loop_finallies=len(ctx.finallies),
            withs=ctx.withs,
        )

    def loop_else(self, orelse: cst.Else | None, start: Block, after: Block, ctx: _Ctx) -> None:
        """The way out when the loop ends without ``break`` (from ``start``): its ``else``,
        then ``after``."""
        end = self.stmts(_suite(orelse.body), start, ctx) if orelse is not None else start
        if end is not None:
            end.link(after)

    def loop_back(
        self, loop: cst.For | cst.While, end: Block | None, back: Block, header: Block, ctx: _Ctx
    ) -> None:
        """Every way around the loop (the body's ``end``, a ``continue`` to ``back``) meets
        at a ``LOOP_BACK``: in ``back``, or at the end of the body where nothing continues."""
        if back.index not in self.continues:
            if end is not None:
                self.add(end, ElementKind.LOOP_BACK, loop, ctx).link(header)
            return
        if end is not None:
            end.link(back)
        self.add(back, ElementKind.LOOP_BACK, loop, ctx).link(header)

    def for_(self, stmt: cst.For, block: Block, ctx: _Ctx) -> Block | None:
        block = self.add(block, ElementKind.EVAL, stmt.iter, ctx)
        suites = [self.suite[:2], *((s, at) for s, at, _ in self.outer)]
        count = unroll.slots(stmt, suites, self.lengths, self.constants)
        if count is None:
            return self.loop(stmt, block, ctx)
        # the slots, one after another, then the loop: taken apart by ``UNROLL_IN``/``_OUT``
        self.unrolled.append(stmt)
        end: Block | None = self.add(self.follow(block), ElementKind.UNROLL_IN, stmt, ctx, count)
        outer = self.slots
        for slot in range(count):
            self.slots = (*outer, slot)
            if end is not None:
                end = self.add(self.follow(end), ElementKind.FOR_SLOT, stmt, ctx)
                end = self.stmts(_suite(stmt.body), end, ctx)
        self.slots = outer
        way_out = self.add(self.follow(block), ElementKind.UNROLL_OUT, stmt, ctx, count)
        return self.join(end, self.loop(stmt, way_out, ctx))

    def loop(self, stmt: cst.For, block: Block, ctx: _Ctx) -> Block | None:
        header = self.new()
        after = self.new()
        back = self.new()
        # The way out first: the solver then visits it only once the body's state settled
        # (``FOR_DONE`` concludes from what the body did to each element).
        exhausted = self.follow(header)
        self.loops[id(stmt)] = self.seq
        once = length(stmt.iter) == 1
        peeled = not once and peel.peeled(stmt)  # (the first turn apart: ``flow.peel``)
        body = _suite(stmt.body)
        saved = self.last_exits.get(id(body))
        self.last_exits[id(body)] = (stmt, exhausted)  # (``last_if``)
        arounds, self.arounds = self.arounds, []
        later = self.first_turn(stmt, block, header, after, ctx) if peeled else 0
        body_start = self.add(self.new(), ElementKind.FOR_TARGET, stmt, ctx, later)
        if not once:
            header.link(body_start)
        # A non-empty literal, ``range`` or name shown so is walked: no way around the body.
        walked = non_empty(stmt.iter, *self.suite, self.filled, self.outer)
        walked = walked or bool(counted(stmt.iter, self.constants))
        if not (later and walked):  # (a first turn built apart is linked already)
            block.link(exhausted if later else body_start if walked else header)
        end = self.stmts(body, body_start, self.loop_ctx(ctx, after, back))
        if saved is None:
            del self.last_exits[id(body)]
        else:
            self.last_exits[id(body)] = saved
        if once:  # ``for d in [1.0]:`` runs its body once: no next iteration
            for last in (end, back):
                if last is not None:
                    last.link(header)
        else:
            self.loop_back(stmt, end, back, self.onward(stmt, back, header), ctx)
        for around in self.arounds:
            around.link(body_start)
        self.arounds = arounds
        done = self.add(exhausted, ElementKind.FOR_DONE, stmt, ctx)
        self.loop_else(stmt.orelse, done, after, ctx)
        return after

    def onward(self, stmt: cst.For, back: Block, header: Block) -> Block:
        """The header, or where the body ends in an ``if`` telling the last turn (``last_if``)
        and nothing continues, a way into the body alone (linked once it is built): every way
        around is a turn before the last, never followed by the way out (round 40N)."""
        if id(stmt) not in self.last_ways or back.index in self.continues:
            return header
        self.arounds.append(self.new())
        return self.arounds[-1]

    def first_turn(self, stmt: cst.For, block: Block, header: Block, end: Block, ctx: _Ctx) -> int:
        """A ``for`` whose body tests its counter (``tilecheck.flow.peel``): its first turn
        built apart, in the slot ``peel.TURN``, from ``block`` on to ``header`` for the later
        turns; returns the ``width`` of the loop's own ``FOR_TARGET``."""
        outer = self.slots
        self.slots = (*outer, peel.TURN)
        start = self.add(self.new(), ElementKind.FOR_TARGET, stmt, ctx, peel.FIRST)
        block.link(start)
        back = self.new()
        done = self.stmts(_suite(stmt.body), start, self.loop_ctx(ctx, end, back))
        self.loop_back(stmt, done, back, self.onward(stmt, back, header), ctx)
        self.slots = outer
        return peel.LATER

    def while_(self, stmt: cst.While, block: Block, ctx: _Ctx) -> Block | None:
        once = _holds_on_entry(stmt.test, self.before)
        self.loops[id(stmt)] = self.seq
        if once:  # the test, true on entry, then the body; around the loop it is tested again
            entry = self.add(self.follow(block), ElementKind.EVAL, stmt.test, ctx)
            body = self.follow(self.branch(entry, stmt.test, True, ctx))
            header = self.add(self.new(), ElementKind.EVAL, stmt.test, ctx)
            self.branch(header, stmt.test, True, ctx).link(body)
        else:
            header = self.add(self.follow(block), ElementKind.EVAL, stmt.test, ctx)
            body = self.branch(header, stmt.test, True, ctx)
        after = self.new()
        back = self.new()
        end = self.stmts(_suite(stmt.body), body, self.loop_ctx(ctx, after, back))
        self.loop_back(stmt, end, back, header, ctx)
        if not _is_constant_true(stmt.test):
            self.loop_else(stmt.orelse, self.branch(header, stmt.test, False, ctx), after, ctx)
        return after

    def with_(self, stmt: cst.With, block: Block, ctx: _Ctx, at: int = 0) -> Block | None:
        """The items from ``at`` on, each entered, its block, and each left (``WITH_EXIT``,
        also on the ways out through ``return``/``break``/``continue``)."""
        if at == len(stmt.items):
            return self.stmts(_suite(stmt.body), block, ctx)
        item = stmt.items[at]
        frame = _Finally((), ctx, item)
        left = _Ctx(
            ctx.break_to,
            ctx.continue_to,
            ctx.raise_to,
            (*ctx.finallies, frame),
            ctx.loop_finallies,
            ctx.withs,
        )
        inner = (*ctx.withs, item)
        found = self.splice(item, ctx.withs, stmt.asynchronous is not None) if self.splice else None
        if found is None:
            inside = _replace_withs(left, inner)
            if ctx.raise_to is None:
                block = self.add(block, ElementKind.WITH_ENTER, item, ctx)
            else:  # ``__enter__`` raised: not entered (the state before it, to the handlers);
                block.link(ctx.raise_to)  # raised in the block: ``__exit__`` runs, then on out
                entering = replace(ctx, raise_to=None)
                block = self.add(self.follow(block), ElementKind.WITH_ENTER, item, entering)
                unwound = self.new()
                self.add(unwound, ElementKind.WITH_EXIT, item, ctx, UNWINDING)
                inside = replace(inside, raise_to=unwound)
            end = self.with_(stmt, block, inside, at + 1)
        else:  # the manager's body here, the block at its ``yield``
            body, yielded = found

            def resume(at_yield: Block, there: _Ctx) -> Block | None:
                there = _replace_withs(there, (*there.withs, item))  # its own open ``with``s
                return self.with_(
                    stmt, self.add(at_yield, ElementKind.YIELDED, item, there), there, at + 1
                )

            self.yields[id(yielded)] = resume
            end = self.stmts(body, self.add(block, ElementKind.WITH_CALL, item, ctx), left)
            if self.yields.pop(id(yielded), None) is not None:  # never reached: built apart
                resume(self.new(), _replace_withs(left, inner))
        return self.add(end, ElementKind.WITH_EXIT, item, ctx) if end is not None else None

    def match(self, stmt: cst.Match, block: Block, ctx: _Ctx) -> Block | None:
        test = self.add(block, ElementKind.EVAL, stmt.subject, ctx)
        ends: list[Block | None] = []
        for case in stmt.cases:
            matches = known(self.never, "case", stmt.subject, case.pattern)  # ``MODE = "a"``
            start = self.new() if matches is False else self.follow(test)  # False: no way in
            case_block = self.add(start, ElementKind.PATTERN, case, ctx)
            if case.guard is not None:
                case_block = self.add(case_block, ElementKind.EVAL, case.guard, ctx)
            ends.append(self.stmts(_suite(case.body), self.follow(case_block), ctx))
            if case.guard is None and (matches is True or _irrefutable(case.pattern)):
                # ``case _:``/``case name:`` or a known match: no later case, no way past
                return self.join(*ends)
            nxt = self.follow(test)  # this case did not match: try the next one
            case_block.link(nxt)
            test = nxt
        ends.append(test)
        return self.join(*ends)

    def try_(self, stmt: cst.Try | cst.TryStar, block: Block, ctx: _Ctx) -> Block | None:
        outer_raise = ctx.raise_to or self.raise_exit
        finallies = ctx.finallies
        # The exceptional way through ``finally``: its own copy, then on outwards.
        raise_via_finally: Block | None = None
        if stmt.finalbody is not None:
            raise_via_finally = self.new()
            fin_end = self.stmts(_suite(stmt.finalbody.body), raise_via_finally, ctx)
            if fin_end is not None:
                fin_end.link(outer_raise)
            finallies = (*finallies, _Finally(_suite(stmt.finalbody.body), ctx))
        after_handlers_raise = raise_via_finally or ctx.raise_to
        inner = _Ctx(
            break_to=ctx.break_to,
            continue_to=ctx.continue_to,
            raise_to=None,
            finallies=finallies,
            loop_finallies=ctx.loop_finallies,
            withs=ctx.withs,
        )
        dispatch = self.new() if stmt.handlers else None
        body_ctx = replace(inner, raise_to=dispatch or raise_via_finally or outer_raise)
        body_end = self.stmts(_suite(stmt.body), self.follow(block), body_ctx)
        handler_ctx = replace(inner, raise_to=after_handlers_raise)
        ends: list[Block | None] = []
        if dispatch is not None:
            dispatch.link(raise_via_finally or outer_raise)  # no handler matched
            for handler in stmt.handlers:
                start = self.add(
                    self.follow(dispatch), ElementKind.EXCEPT_BIND, handler, handler_ctx
                )
                ends.append(self.stmts(_suite(handler.body), self.follow(start), handler_ctx))
        if body_end is not None and stmt.orelse is not None:
            body_end = self.stmts(_suite(stmt.orelse.body), self.follow(body_end), handler_ctx)
        ends.append(body_end)
        normal = self.join(*ends)
        if normal is None or stmt.finalbody is None:
            return normal
        return self.stmts(_suite(stmt.finalbody.body), normal, ctx)


def _replace_withs(ctx: _Ctx, withs: tuple[cst.WithItem, ...]) -> _Ctx:
    return _Ctx(
        ctx.break_to, ctx.continue_to, ctx.raise_to, ctx.finallies, ctx.loop_finallies, withs
    )


def build_cfg(
    body: Sequence[cst.BaseStatement | cst.BaseSmallStatement],
    never: Callable[[cst.BaseExpression], bool] | None = None,
    filled: Container[str] = frozenset(),
    splice: Splice | None = None,
    constants: Mapping[str, int] | None = None,
    lengths: unroll.Lengths | None = None,
) -> CFG:
    """The CFG of a body: a function's ``body.body``, a class's, or ``module.body``.
    ``never``: the tests known false there (no way leads into the ``if`` they guard);
    ``filled``: the attributes ``self.X`` known to hold a non-empty list; ``splice``: for a
    ``with`` item (and the items around it), the body of the ``@contextmanager`` function it
    enters and that body's one ``yield`` statement, where that body is built in place
    (``WITH_CALL`` .. ``YIELDED``, the block, the rest of the body, ``WITH_EXIT``), else None;
    ``constants``: the integer names the body sees (a ``range(N)`` loop's trips);
    ``lengths``: the lengths of the module's names of known keys a function's loop walks."""
    builder = _Builder(never, filled, splice, constants, lengths)
    end: Block | None = builder.follow(builder.entry)
    for index, stmt in enumerate(body):
        if end is None:
            break  # dead code after return/raise
        builder.top = index
        builder.before = body[index - 1] if index else None
        builder.suite = (body, index)
        end = builder.stmt(stmt, end, _Ctx())
    if end is not None:
        end.link(builder.exit)
    return CFG(
        builder.blocks,
        builder.entry.index,
        builder.exit.index,
        builder.raise_exit.index,
        builder.nested,
        builder.loops,
        builder.unrolled,
    )
