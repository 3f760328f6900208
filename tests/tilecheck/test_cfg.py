"""The control-flow graph and the solver: which statements may run, or must have run, before
which, for every kind of Python control flow the host analysis meets."""

from __future__ import annotations

import textwrap

import libcst as cst

from tilecheck.flow import CFG, Block, Element, ElementKind, build_cfg, solve

EMPTY = cst.Module([])


def cfg_of(source: str) -> CFG:
    return build_cfg(cst.parse_module(textwrap.dedent(source)).body)


def text(node: cst.CSTNode) -> str:
    return EMPTY.code_for_node(node).strip()


def label(element: Element) -> str:
    node = element.node
    if element.kind is ElementKind.FOR_TARGET or element.kind is ElementKind.FOR_SLOT:
        assert isinstance(node, cst.For)
        return f"for {text(node.target)}"
    return text(node)


SILENT = (  # evaluate nothing
    ElementKind.DEF,
    ElementKind.FOR_DONE,
    ElementKind.LOOP_BACK,
    ElementKind.UNROLL_IN,
    ElementKind.UNROLL_OUT,
)


def _run(cfg: CFG, must: bool) -> dict[int, frozenset[str]]:
    """For each block, the element texts run before it on some path (``must``: on every)."""

    def transfer(block: Block, seen: frozenset[str]) -> frozenset[str]:
        return seen | {label(e) for e in block.elements if e.kind not in SILENT}

    def join(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
        return a & b if must else a | b

    return solve(cfg, frozenset(), transfer, join)


def may_before_exit(source: str) -> frozenset[str]:
    cfg = cfg_of(source)
    return _run(cfg, must=False).get(cfg.exit, frozenset())


def must_before_exit(source: str) -> frozenset[str]:
    cfg = cfg_of(source)
    return _run(cfg, must=True).get(cfg.exit, frozenset())


def reachable(cfg: CFG) -> set[str]:
    return {text(e.node) for index in cfg.reverse_postorder() for e in cfg.blocks[index].elements}


def test_straight_line_runs_every_statement_in_order() -> None:
    cfg = cfg_of("a = 1\nb = a\nprint(b)\n")
    texts = [text(e.node) for b in cfg.blocks for e in b.elements]
    assert texts == ["a = 1", "b = a", "print(b)"]
    assert must_before_exit("a = 1\nb = a\nprint(b)\n") == {"a = 1", "b = a", "print(b)"}


def test_if_else_merges_both_branches() -> None:
    source = """
        if c:
            x = 1
        else:
            y = 2
        z = 3
    """
    assert may_before_exit(source) == {"c", "x = 1", "y = 2", "z = 3"}
    assert must_before_exit(source) == {"c", "z = 3"}


def test_elif_chain_and_missing_else() -> None:
    source = """
        if a:
            x = 1
        elif b:
            y = 2
        w = 0
    """
    assert may_before_exit(source) == {"a", "b", "x = 1", "y = 2", "w = 0"}
    assert must_before_exit(source) == {"a", "w = 0"}


def test_while_loop_body_may_not_run_and_else_runs_without_break() -> None:
    source = """
        while c:
            x = 1
            if d:
                break
        else:
            e = 1
        f = 1
    """
    assert may_before_exit(source) == {"c", "x = 1", "d", "e = 1", "f = 1"}
    assert must_before_exit(source) == {"c", "f = 1"}


def test_while_true_leaves_only_by_break_or_return() -> None:
    cfg = cfg_of("""
        while True:
            x = 1
        after = 1
    """)
    assert "after = 1" not in reachable(cfg)
    assert cfg.exit not in _run(cfg, must=False)
    source = """
        while True:
            if done():
                break
        after = 1
    """
    assert must_before_exit(source) == {"True", "done()", "after = 1"}


def test_for_loop_binds_target_then_body_and_continue_returns_to_header() -> None:
    source = """
        for item in items:
            if skip(item):
                continue
            use(item)
        else:
            finished()
    """
    cfg = cfg_of(source)
    kinds = [e.kind for b in cfg.blocks for e in b.elements]
    assert ElementKind.FOR_TARGET in kinds
    assert may_before_exit(source) >= {"items", "skip(item)", "use(item)", "finished()"}
    assert must_before_exit(source) == {"items", "finished()"}


def test_a_literal_non_empty_sequence_runs_the_loop_body_at_least_once() -> None:
    source = """
        for item in (a, b):
            use(item)
    """
    assert must_before_exit(source) == {"(a, b)", "for item", "use(item)"}
    assert "use(item)" not in must_before_exit("for item in (a, *rest):\n    use(item)\n")
    assert "use(item)" not in must_before_exit("for item in []:\n    use(item)\n")


def test_a_loop_over_a_display_is_built_slot_by_slot_too() -> None:
    source = """
        pends = [p0, p1, p2]
        for out, pend in zip([a, b, c], pends):
            pend.wait()
    """
    cfg = cfg_of(source)
    slots = [e.slots for b in cfg.blocks for e in b.elements if e.kind is ElementKind.FOR_SLOT]
    assert slots == [(0,), (1,), (2,)]
    assert [len(cfg.unrolled)] == [1]
    for kept in (
        "for i in range(3):\n    use(i)\n",  # a counter: the loop's own rules
        "for x in (a, b):\n    if x:\n        use(x)\n",  # a turn that decides
        "for x in (a, b):\n    xs.append(x)\n",  # a container kept turn after turn
        "for x in (a, b):\n    use(x)\n    break\n",
        "for x in (a, *rest):\n    use(x)\n",
    ):
        assert not cfg_of(kept).unrolled, kept
    # a display of reads: a turn may test its own item, as the ``if`` written out would
    assert cfg_of("for x in (a[i], b[i]):\n    if x:\n        use(x)\n").unrolled


def test_a_range_of_literals_and_a_while_made_true_before_it_run_at_least_once() -> None:
    assert "use(i)" in must_before_exit("for i in range(3):\n    use(i)\n")
    assert "use(i)" in must_before_exit("for i in range(1, 4, 2):\n    use(i)\n")
    assert "use(i)" not in must_before_exit("for i in range(0):\n    use(i)\n")
    assert "use(i)" not in must_before_exit("for i in range(n):\n    use(i)\n")
    source = """
        attempt = 0
        while attempt < 2:
            run()
            attempt += 1
    """
    assert "run()" in must_before_exit(source)
    assert "run()" in must_before_exit("done = False\nwhile not done:\n    run()\n")
    assert "run()" not in must_before_exit("attempt = 5\nwhile attempt < 2:\n    run()\n")
    assert "run()" not in must_before_exit("attempt = 0\nx = 1\nwhile attempt < 2:\n    run()\n")


def test_every_way_around_a_loop_meets_at_its_loop_back() -> None:
    cfg = cfg_of("""
        for item in items:
            if skip(item):
                continue
            use(item)
        while c:
            step()
    """)
    backs = [b for b in cfg.blocks for e in b.elements if e.kind is ElementKind.LOOP_BACK]
    assert len(backs) == 2
    preds = cfg.predecessors()
    for_back = backs[0]
    assert len(preds[for_back.index]) == 2  # the body's end and the ``continue``
    assert len(cfg.loops) == 2  # where each loop's elements start


def test_a_loop_reaches_a_fixed_point_with_facts_from_later_iterations() -> None:
    cfg = cfg_of("""
        for i in range(3):
            first()
            second()
    """)
    states = _run(cfg, must=False)
    first_block = next(b for b in cfg.blocks if any(text(e.node) == "first()" for e in b.elements))
    assert "second()" in states[first_block.index]  # came around the loop


def test_return_skips_the_rest_and_break_outside_finally_is_direct() -> None:
    source = """
        if c:
            return early()
        late()
    """
    assert may_before_exit(source) == {"c", "return early()", "late()"}
    assert must_before_exit(source) == {"c"}


def test_finally_runs_on_return_and_on_normal_exit() -> None:
    source = """
        try:
            if c:
                return 1
            work()
        finally:
            cleanup()
    """
    assert "cleanup()" in must_before_exit(source)


def test_finally_runs_on_break_and_continue() -> None:
    source = """
        while True:
            try:
                if a:
                    continue
                break
            finally:
                cleanup()
            never()
        done()
    """
    assert must_before_exit(source) == {"True", "a", "cleanup()", "done()"}
    cfg = cfg_of(source)
    assert "never()" not in reachable(cfg)  # both ways out of the try jump past it
    header = next(b for b in cfg.blocks if any(text(e.node) == "True" for e in b.elements))
    states = _run(cfg, must=False)
    assert "cleanup()" in states[header.index]  # continue came back through finally


def test_handlers_see_the_state_after_each_statement_of_the_try_body() -> None:
    cfg = cfg_of("""
        try:
            first()
            second()
        except ValueError as error:
            handle(error)
        after()
    """)
    states = _run(cfg, must=False)
    handler = next(
        b for b in cfg.blocks if any(e.kind is ElementKind.EXCEPT_BIND for e in b.elements)
    )
    assert {"first()", "second()"} <= states[handler.index]
    # and a handler may be reached after the first statement only
    must = _run(cfg, must=True)
    assert "second()" not in must[handler.index]


def test_try_else_runs_only_without_exception_and_raise_leaves_the_body() -> None:
    source = """
        try:
            work()
        except KeyError:
            recover()
        else:
            success()
    """
    cfg = cfg_of(source)
    assert {"work()", "recover()", "success()"} <= reachable(cfg)
    assert "success()" not in must_before_exit(source)
    raising = cfg_of("raise ValueError()\nafter()\n")
    assert "after()" not in reachable(raising)
    assert raising.raise_exit in _run(raising, must=False)


def test_with_items_are_entered_and_recorded_around_their_body() -> None:
    cfg = cfg_of("""
        with open(p) as f, lock:
            read(f)
        after()
    """)
    elements = [e for b in cfg.blocks for e in b.elements]
    enters = [e for e in elements if e.kind is ElementKind.WITH_ENTER]
    assert len(enters) == 2
    read = next(e for e in elements if text(e.node) == "read(f)")
    assert [text(w.item) for w in read.withs] == ["open(p)", "lock"]
    after = next(e for e in elements if text(e.node) == "after()")
    assert after.withs == ()


def test_async_for_and_async_with_are_loops_and_withs() -> None:
    source = """
        async def main():
            async with session() as s:
                async for item in s:
                    await use(item)
    """
    fn = cst.parse_module(textwrap.dedent(source)).body[0]
    assert isinstance(fn, cst.FunctionDef)
    cfg = build_cfg(fn.body.body)
    kinds = {e.kind for b in cfg.blocks for e in b.elements}
    assert {ElementKind.WITH_ENTER, ElementKind.FOR_TARGET} <= kinds
    assert "await use(item)" in reachable(cfg)


def test_match_cases_each_reachable_and_fall_through() -> None:
    source = """
        match command:
            case ("go", where):
                go(where)
            case other if other:
                stop()
        after()
    """
    assert may_before_exit(source) >= {"command", "go(where)", "stop()", "after()"}
    assert must_before_exit(source) == {"command", "after()"}
    cfg = cfg_of(source)
    patterns = [e for b in cfg.blocks for e in b.elements if e.kind is ElementKind.PATTERN]
    assert len(patterns) == 2


def test_nested_functions_and_classes_are_listed_not_inlined() -> None:
    cfg = cfg_of("""
        def helper():
            inside()

        class Box:
            def method(self):
                deeper()

        outside()
    """)
    assert [n.name.value for n in cfg.nested] == ["helper", "Box"]
    assert "inside()" not in reachable(cfg)
    assert "outside()" in reachable(cfg)
    kinds = [e.kind for b in cfg.blocks for e in b.elements]
    assert kinds.count(ElementKind.DEF) == 2


def test_dead_code_after_return_is_not_built() -> None:
    fn = cst.parse_module("def f():\n    return 1\n    unreachable()\n").body[0]
    assert isinstance(fn, cst.FunctionDef)
    cfg = build_cfg(fn.body.body)
    assert "unreachable()" not in reachable(cfg)


def test_elements_are_numbered_in_source_order() -> None:
    cfg = cfg_of("a()\nif c:\n    b()\nd()\n")
    ordered = sorted((e for b in cfg.blocks for e in b.elements), key=lambda e: e.seq)
    assert [(e.kind.value, text(e.node)) for e in ordered] == [
        ("stmt", "a()"),
        ("eval", "c"),
        ("assume-true", "c"),
        ("stmt", "b()"),
        ("assume-false", "c"),
        ("stmt", "d()"),
    ]


def test_each_way_out_of_a_test_knows_which_way_it_went() -> None:
    cfg = cfg_of("""
        while p is not None:
            body()
        if a and b:
            yes()
        else:
            no()
    """)
    states = _run(cfg, must=True)
    assumed = {}
    for block in cfg.blocks:
        for element in block.elements:
            if element.kind in (ElementKind.ASSUME_TRUE, ElementKind.ASSUME_FALSE):
                assumed[(element.kind.value, text(element.node))] = block.index
    assert set(assumed) == {
        ("assume-true", "p is not None"),
        ("assume-false", "p is not None"),
        ("assume-true", "a and b"),
        ("assume-false", "a and b"),
    }
    body_block = next(b for b in cfg.blocks if any(text(e.node) == "body()" for e in b.elements))
    assert body_block.index == assumed[("assume-true", "p is not None")]
    assert "body()" not in states[assumed[("assume-false", "p is not None")]]
