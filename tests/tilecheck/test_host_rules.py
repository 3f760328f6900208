"""The host ownership rules TC101-TC111 through ``check_module``: every VALID and INVALID
example of the catalog, then the analysis' behaviour case by case (aliases, merges, loops,
escapes, hand-offs, the words and labels of its findings)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib.util
import inspect
import io
import itertools
import re
import sys
import textwrap
import warnings
from pathlib import Path

import libcst as cst
import pytest

import tilert as tr
from tests.support import REPO
from tests.support.catalog import case_id, cases, rules_of
from tilecheck.catalog import Case, Rule
from tilecheck.diagnostics import Diagnostic
from tilecheck.module_check import check_module
from tilecheck.project import Project

HOST_CODES = [f"TC1{i:02}" for i in range(1, 12)]
RULES = rules_of("host")


def check(source: str, **options: object) -> list[Diagnostic]:
    module = cst.parse_module(textwrap.dedent(source))
    return check_module(module, path="case.py", project=None, **options)  # type: ignore[arg-type]


def found(source: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in check(source)]


def test_the_catalog_has_each_host_rule_with_three_examples_of_each_kind() -> None:
    assert [r.code for r in RULES] == HOST_CODES
    for rule in RULES:
        assert rule.scope == "host"
        assert len(rule.valid) >= 3 and len(rule.invalid) >= 3, rule.code
        assert rule.slug and rule.summary and len(rule.explanation.split("\n\n")) >= 3
        for case in rule.invalid:
            assert all(code == rule.code or code in HOST_CODES for code, _ in case.expect)
            assert any(code == rule.code for code, _ in case.expect), case.code


@pytest.mark.parametrize("item", cases("host", "valid"), ids=case_id)
def test_valid_example_reports_nothing(item: tuple[Rule, int, Case]) -> None:
    _, _, case = item
    assert check(case.code) == [], case.note


@pytest.mark.parametrize("item", cases("host", "invalid"), ids=case_id)
def test_invalid_example_reports_exactly_its_findings(item: tuple[Rule, int, Case]) -> None:
    rule, _, case = item
    diagnostics = check(case.code)
    got = sorted((d.code, d.span.line) for d in diagnostics)
    if case.expect:
        assert got == sorted(case.expect), case.note
    else:
        assert [code for code, _ in got] == [rule.code], case.note


PRELUDE = """\
import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))
"""
PRELUDE_LINES = PRELUDE.count("\n")


def host(body: str) -> str:
    return PRELUDE + "\n\n" + textwrap.dedent(body)


def line(source: str, marker: str) -> int:
    for number, text in enumerate(source.splitlines(), 1):
        if marker in text:
            return number
    raise AssertionError(marker)


# -- the words and the labels -----------------------------------------------------------------


def test_use_in_flight_names_tensor_submit_line_and_fix() -> None:
    source = host("""
        def main(c: bool) -> None:
            z = tr.zeros((256,))
            pending = scale(z.partition((64,)), 2.0).submit()  # submit
            if c:
                pending.wait()  # wait
            print(z.to_numpy())  # use
    """)
    [d] = check(source)
    submit, wait, use = line(source, "# submit"), line(source, "# wait"), line(source, "# use")
    assert d.code == "TC102" and d.span.line == use
    assert d.message == (
        f"`z` is used while the op submitted at line {submit} still writes it; "
        "wait on the Pending (`pending.wait()`) first"
    )
    labels = {(label.span.line, label.message) for label in d.labels}
    assert (submit, "borrowed here by submit") in labels
    assert (use, "used here while in flight") in labels
    assert any(ln == wait and text.startswith("waited on here") for ln, text in labels)
    assert d.location() == f"case.py:{use}:{d.span.column + 1}"


def test_partition_alive_points_at_the_partition() -> None:
    source = host("""
        def main() -> None:
            z = tr.zeros((256,))
            p = z.partition((64,))  # partitioned
            z.copy_from(tr.ones((256,)))  # use
            scale(p, 2.0).sync()
    """)
    [d] = check(source)
    assert (d.code, d.span.line) == ("TC104", line(source, "# use"))
    assert "`z`" in d.message and "partition" in d.message
    assert (line(source, "# partitioned"), "partitioned here") in {
        (label.span.line, label.message) for label in d.labels
    }


def test_consumed_partition_labels_the_launch_that_took_it() -> None:
    source = host("""
        def main() -> None:
            z = tr.zeros((256,))
            p = z.partition((64,))
            scale(p, 2.0).sync()  # consumed
            scale(p, 3.0).sync()  # again
    """)
    [d] = check(source)
    assert (d.code, d.span.line) == ("TC109", line(source, "# again"))
    assert f"consumed by the launch at line {line(source, '# consumed')}" in d.message
    assert (line(source, "# consumed"), "consumed here") in {
        (label.span.line, label.message) for label in d.labels
    }


def test_one_finding_per_root_cause() -> None:
    source = host("""
        def main() -> None:
            z = tr.zeros((256,))
            pending = scale(z.partition((64,)), 2.0).submit()
            print(z.to_numpy())  # first
            print(z.to_numpy())
            z.copy_from(tr.ones((256,)))
            pending.wait()
    """)
    assert found(source) == [("TC102", line(source, "# first"))]


# -- what the analysis follows ----------------------------------------------------------------


def test_tuple_unpacking_and_aliases_are_followed() -> None:
    source = host("""
        def main() -> None:
            a, b = tr.zeros((256,)), tr.ones((256,))
            pending = copy(a.partition((64,)), b).submit()
            c, d = b, a
            d.to_numpy()  # use
            c.to_numpy()
            pending.wait()
    """)
    assert found(source) == [("TC102", line(source, "# use"))]


def test_a_tensor_passed_to_an_unknown_function_is_not_guessed_about() -> None:
    source = host("""
        def main(log) -> None:
            z = tr.zeros((256,))
            pending = scale(z.partition((64,)), 2.0).submit()
            log(z)
            z.to_numpy()  # use
            pending.wait()
    """)
    assert found(source) == [("TC102", line(source, "# use"))]


def test_an_op_or_pending_that_escapes_is_no_longer_tracked() -> None:
    source = host("""
        def main(runner, ops: list) -> None:
            z, w = tr.zeros((256,)), tr.zeros((256,))
            op = scale(z.partition((64,)), 2.0)
            runner(op)
            ops.append(scale(w.partition((64,)), 2.0).submit())
            holder = {"op": scale(tr.zeros((8,)).partition((8,)), 1.0)}
            runner(holder)
    """)
    assert found(source) == []


def test_parameters_annotated_as_tensors_and_partitions() -> None:
    source = host("""
        def run(z: tr.Tensor[f32], p: tr.Partition[f32]) -> None:
            pending = scale(z.partition((64,)), 2.0).submit()
            z.to_numpy()  # in flight
            pending.wait()
            scale(p, 1.0).sync()
            scale(p, 1.0).sync()  # consumed
    """)
    assert found(source) == [
        ("TC102", line(source, "# in flight")),
        ("TC109", line(source, "# consumed")),
    ]


def test_unannotated_names_become_tensors_where_used_as_tensors() -> None:
    source = host("""
        def run(z, x) -> None:
            pending = copy(z.partition((64,)), x).submit()
            x.copy_from(z)  # both
            pending.wait()
    """)
    assert sorted(found(source)) == [
        ("TC102", line(source, "# both")),
        ("TC103", line(source, "# both")),
    ]


def test_str_partition_is_not_a_tensor() -> None:
    source = host("""
        def parse(text: str, sep: str) -> str:
            head, _, tail = text.partition("=")
            parts = text.partition(sep)
            return text.upper() + head + tail + parts[0]
    """)
    assert found(source) == []


def test_rebinding_a_name_gives_it_a_new_identity() -> None:
    source = host("""
        def main(make) -> None:
            z = tr.zeros((256,))
            pending = scale(z.partition((64,)), 2.0).submit()
            z = make()
            scale(z.partition((64,)), 2.0).sync()
            pending.wait()
    """)
    assert found(source) == []


def test_iterating_a_literal_tuple_of_pendings_waits_on_each() -> None:
    source = host("""
        def main() -> None:
            a, b = tr.zeros((256,)), tr.zeros((256,))
            first = scale(a.partition((64,)), 2.0).submit()
            second = scale(b.partition((64,)), 2.0).submit()
            for pending in (first, second):
                pending.wait()
            print(a.to_numpy(), b.to_numpy())
    """)
    assert found(source) == []


def test_double_buffering_waits_on_the_previous_iteration() -> None:
    source = host("""
        def main(steps: int) -> None:
            buffers = (tr.zeros((256,)), tr.zeros((256,)))
            previous = None
            for step in range(steps):
                buffer = buffers[step % 2]
                current = scale(buffer.partition((64,)), 2.0).submit()
                if previous is not None:
                    previous.wait()
                previous = current
            if previous is not None:
                previous.wait()
    """)
    assert found(source) == []


def test_waiting_on_the_previous_iteration_when_there_is_one() -> None:
    source = host("""
        def main(steps: int) -> None:
            z = tr.zeros((256,))
            pending = None
            for step in range(steps):
                if pending is not None:
                    pending.wait()
                pending = scale(z.partition((64,)), 2.0).submit()
            if not pending:
                return
            pending.wait()
            print(z.to_numpy())
    """)
    assert found(source) == []


def test_narrowing_does_not_hide_a_missing_wait() -> None:
    source = host("""
        def main(steps: int) -> None:
            z = tr.zeros((256,))
            pending = None
            for step in range(steps):
                if pending is None:
                    pending.wait()
                pending = scale(z.partition((64,)), 2.0).submit()  # in flight
    """)
    in_flight = line(source, "# in flight")
    # the Pending never waited is the use's root cause: one finding, not also TC108
    assert sorted(found(source)) == [("TC102", in_flight)]


def test_a_new_tensor_per_iteration_is_not_the_previous_one() -> None:
    source = host("""
        def main() -> None:
            pendings = []
            for step in range(4):
                t = tr.zeros((256,))
                pending = scale(t.partition((64,)), 2.0).submit()
                other = t
                pending.wait()
                other.to_numpy()
    """)
    assert found(source) == []


def test_waiting_in_finally_covers_every_way_out() -> None:
    source = host("""
        def main(work) -> None:
            z = tr.zeros((256,))
            pending = scale(z.partition((64,)), 2.0).submit()
            try:
                work()
            finally:
                pending.wait()
            z.to_numpy()
    """)
    assert found(source) == []


def test_an_exception_handler_sees_the_op_still_in_flight() -> None:
    source = host("""
        def main(work) -> None:
            z = tr.zeros((256,))
            try:
                pending = scale(z.partition((64,)), 2.0).submit()
                work()
                pending.wait()
            except RuntimeError:
                print(z.to_numpy())  # use
    """)
    assert found(source) == [("TC102", line(source, "# use"))]


def test_match_and_while_merge_conservatively() -> None:
    source = host("""
        def main(command: str) -> None:
            z = tr.zeros((256,))
            pending = scale(z.partition((64,)), 2.0).submit()
            match command:
                case "wait":
                    pending.wait()
                case _:
                    pass
            z.to_numpy()  # use
    """)
    assert found(source) == [("TC102", line(source, "# use"))]


def test_async_bodies_await_ops_and_pendings() -> None:
    source = host("""
        async def main(session) -> None:
            z = tr.zeros((256,))
            async with session as s:
                await scale(z.partition((64,)), 2.0)
                pending = scale(z.partition((64,)), 3.0).submit()
                async for _ in s:
                    pass
                await pending
            z.to_numpy()
    """)
    assert found(source) == []


def test_nested_functions_classes_lambdas_and_module_code_are_checked() -> None:
    source = host("""
        z = tr.zeros((256,))
        scale(z, 2.0).sync()  # module


        class Runner:
            def run(self) -> None:
                t = tr.zeros((256,))
                scale(t.partition((64,)), 2.0)  # method

                def inner() -> None:
                    u = tr.zeros((256,))
                    copy(u.partition((64,)), u).sync()  # inner


        chained = scale(z.partition((64,)), 1.0).then(
            lambda zp: copy(zp, tr.zeros((256,)).partition((64,)))  # lambda
        )
        chained.sync()
    """)
    assert found(source) == [
        ("TC106", line(source, "# module")),
        ("TC105", line(source, "# method")),
        ("TC101", line(source, "# inner")),
        ("TC106", line(source, "# lambda")),
    ]


def test_a_closure_that_names_an_op_may_run_it() -> None:
    source = host("""
        def main() -> None:
            z, w = tr.zeros((256,)), tr.zeros((256,))
            later = scale(w.partition((64,)), 1.0)
            first = scale(z.partition((64,)), 2.0)
            first.then(lambda *_: later).sync()

            def run_later() -> None:
                later.sync()
    """)
    assert found(source) == []


def test_kernel_bodies_are_not_host_code() -> None:
    source = host("""
        @tr.kernel
        def twice(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
            t = tl.load_tile_like(x, z)
            z.store(t + t)
    """)
    assert [d.code for d in check(source)] == []


def test_configured_kernel_decorators_mark_kernels() -> None:
    source = textwrap.dedent("""\
        import tilert as tr
        from tilert import Mutable, Tensor, f32
        from mylib import tile_kernel


        @tile_kernel
        def scale(z: Mutable[Tensor[f32]], a: float) -> None:
            z.store(z.load() * a)


        def main() -> None:
            z = tr.zeros((256,))
            scale(z, 2.0).sync()  # tensor to Mutable
    """)
    assert found(source) == []
    assert [
        (d.code, d.span.line) for d in check(source, kernel_decorators=["mylib.tile_kernel"])
    ] == [("TC106", line(source, "# tensor to Mutable"))]


def test_findings_are_sorted_and_carry_the_path() -> None:
    source = host("""
        def main() -> None:
            z = tr.zeros((1000,))
            scale(z.partition((100,)), 2.0).sync()
            scale(z, 2.0)
    """)
    diagnostics = check(source)
    assert [d.code for d in diagnostics] == ["TC107", "TC106"]
    assert all(d.path == "case.py" for d in diagnostics)
    assert diagnostics == sorted(diagnostics, key=Diagnostic.sort_key)


def test_a_later_function_with_a_local_of_the_same_name_captures_nothing() -> None:
    source = host("""
        z = tr.zeros((256,))
        pending = scale(z.partition((64,)), 2.0).submit()


        def unrelated(n: int) -> int:
            pending = n * 2
            return pending


        def waits() -> None:
            pending.wait()


        print(z.to_numpy())  # before any wait
        waits()
        print(z.to_numpy())
    """)
    assert found(source) == [("TC102", line(source, "# before any wait"))]


def test_a_closure_keeps_what_it_names_held_until_it_may_run() -> None:
    source = host("""
        def main(log) -> None:
            z, w = tr.zeros((256,)), tr.zeros((256,))
            pending = scale(z.partition((64,)), 2.0).submit()
            p = w.partition((64,))
            later = lambda: (pending.wait(), scale(p, 2.0).sync())
            print(z.to_numpy(), w.shape)  # still in flight
            log(later)
            print(z.to_numpy(), w.to_numpy())
    """)
    assert found(source) == [("TC102", line(source, "# still in flight"))]


# -- real programs ------------------------------------------------------------------------------

EXAMPLES = sorted((REPO / "examples").glob("*.py"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_examples_are_clean(path: Path) -> None:
    module = cst.parse_module(path.read_text())
    assert check_module(module, path=str(path), project=Project([path.parent])) == []


def test_the_demos_wrong_program_gets_its_two_findings() -> None:
    from tilert.demo import WRONG_PROGRAM

    assert found(WRONG_PROGRAM) == [
        ("TC102", line(WRONG_PROGRAM, "BUG: z is still being written")),
        ("TC101", line(WRONG_PROGRAM, "BUG: z is written and read")),
    ]


# -- positions ----------------------------------------------------------------------------------

TRICKY = '''\
# a header comment

"""A module docstring
over three lines."""
import tilert as tr


@tr.kernel  # a decorator
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)

x = (1 +
     2)  \\
    if True else 3
s = """one
two"""; t = 4


class Box:
    # inside
    def method(self) -> None:
        print(f"""{x}
        """)
# trailing comment
'''


REAL_FILES = sorted([*EXAMPLES, *(REPO / "tilert").glob("*.py")])


@pytest.mark.parametrize(
    "text",
    [TRICKY, TRICKY.replace("\n", "\r\n"), *(p.read_text() for p in REAL_FILES)],
    ids=["tricky", "tricky-crlf", *(p.name for p in REAL_FILES)],
)
def test_statement_positions_agree_with_a_whole_module_lookup(text: str) -> None:
    from tilecheck.positions import PositionLookup
    from tilecheck.statement_positions import StatementPositions

    module = cst.parse_module(text)
    whole = PositionLookup(module)
    per_statement = StatementPositions(module)
    names = [n for n in _all_nodes(module) if isinstance(n, (cst.Name, cst.SimpleString, cst.Call))]
    assert len(names) > 10
    for node in names:  # from the far end first: the line counts must build up correctly
        assert per_statement.span(node, near=len(module.body) - 1) == whole.span(node)


def _all_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    out = [node]
    for child in node.children:
        out.extend(_all_nodes(child))
    return out


def test_pathological_nesting_is_skipped_not_a_crash() -> None:
    chain = "x" + ".m()" * 600  # deeper than the recursion limit lets the walk go
    source = host(f"""
        def main() -> None:
            z = tr.zeros((256,))
            scale(z, 2.0).sync()  # still checked

        def deep() -> None:
            y = {chain}
    """)
    assert found(source) == [("TC106", line(source, "# still checked"))]


def test_a_conflict_with_the_previous_iteration_says_so() -> None:
    source = host("""
        def main() -> None:
            z, w = tr.zeros((256,)), tr.zeros((256,))
            for step in range(4):
                pending = scale(z.partition((64,)), float(step)).submit()  # loop
            (other := scale(w.partition((64,)), 2.0).submit(), w.to_numpy())  # same statement
            other.wait()
    """)
    messages = {d.span.line: d.message for d in check(source) if d.code == "TC102"}
    assert set(messages) == {line(source, "# loop"), line(source, "# same statement")}
    assert "in the loop's previous iteration" in messages[line(source, "# loop")]
    assert "previous iteration" not in messages[line(source, "# same statement")]


# -- TC110 and TC111: only what happens on every path ----------------------------------------


def test_op_already_run_names_where_it_ran_first() -> None:
    source = host("""
        def main() -> None:
            z = tr.zeros((256,))
            op = scale(z.partition((64,)), 2.0)  # created
            op.sync()  # first
            op.sync()  # again
    """)
    [d] = check(source)
    created, first, again = (line(source, m) for m in ("# created", "# first", "# again"))
    assert (d.code, d.span.line) == ("TC110", again)
    assert d.message == (
        f"`op` (op `scale` created at line {created}) was already run by `.sync()` at line "
        f"{first}; an op runs once, so this `.sync()` raises: call the kernel again for a new "
        "op (after the first run is synced)"
    )
    labels = {(label.span.line, label.message) for label in d.labels}
    assert labels == {(created, "created here"), (first, "run here"), (again, "run again here")}


def test_op_already_run_on_each_branch_names_both_runs() -> None:
    source = host("""
        def main(fast: bool) -> None:
            z = tr.zeros((256,))
            op = scale(z.partition((64,)), 2.0)
            if fast:
                op.sync()  # one
            else:
                g = tr.zip(op)  # other
                g.sync()
            op.submit().wait()  # again
    """)
    [d] = check(source)
    assert (d.code, d.span.line) == ("TC110", line(source, "# again"))
    one, other = line(source, "# one"), line(source, "# other")
    assert f"run on every path that reaches here (line {one}, line {other})" in d.message
    assert "so this `.submit()` raises" in d.message


def test_an_op_zipped_then_run_alone_points_at_the_zip() -> None:
    source = host("""
        def main() -> None:
            a, b = tr.zeros((256,)), tr.zeros((256,))
            x, y = scale(a.partition((64,)), 1.0), scale(b.partition((64,)), 2.0)
            both = tr.zip(x, y)  # zip
            both.sync()
            tr.zip(y, scale(a.partition((64,)), 3.0)).sync()  # again
    """)
    [d] = check(source)
    assert (d.code, d.span.line) == ("TC110", line(source, "# again"))
    assert d.message.startswith("`y` (op `scale` created at line")
    assert f"zipped into another op by `tr.zip` at line {line(source, '# zip')}" in d.message
    assert "run the op (or graph) it was handed to instead" in d.message


def test_a_second_run_is_reported_once_not_also_as_what_it_would_make() -> None:
    source = host("""
        def main() -> None:
            z, w = tr.zeros((256,)), tr.zeros((256,))
            op = scale(z.partition((64,)), 2.0)
            op.sync()
            op.submit()  # submit
            chained = op.then(lambda zp, *_: scale(zp, 2.0))  # then
            both = tr.zip(op, scale(w.partition((64,)), 1.0))  # zip
    """)
    assert found(source) == [
        ("TC110", line(source, "# submit")),
        ("TC110", line(source, "# then")),
        ("TC110", line(source, "# zip")),
    ]


def test_op_run_twice_is_not_guessed_where_it_may_not_be() -> None:
    source = host("""
        import contextlib
        OP = None

        def reset() -> None:
            global OP
            OP = None

        def run_all(*ops: tr.Op) -> None:
            for op in ops:
                op.sync()

        def main(n: int) -> None:
            z = tr.zeros((256,))
            a = scale(z.partition((64,)), 2.0)
            run_all(a)  # may or may not have run it
            a.sync()
            b = scale(z.partition((64,)), 2.0)
            try:
                b.sync()
            except RuntimeError:
                b.sync()  # the first may have raised before it ran
            c = scale(z.partition((64,)), 2.0)
            with contextlib.suppress(ValueError):
                tr.zip(c, c).sync()  # raises before it takes c
            c.sync()
            d = scale(tr.zeros((256,)).partition((64,)), 2.0)
            for _ in range(n):
                d.sync()  # the first time round it had not run: not on every path
                break
            e = scale(z.partition((64,)), 2.0) if n else None
            if e is not None:
                e.sync()
            f = scale(z.partition((64,)), 2.0)
            f.sync()
            gen = (f.sync() for _ in range(n))  # lazy: runs when consumed, if ever
            f = scale(z.partition((64,)), 3.0)
            f.sync()
            print(gen)  # (not drawn here)
    """)
    assert found(source) == []


def test_generator_expression_runs_where_drawn() -> None:
    # its free names are looked up when it is drawn: ``f`` is the second op, already run
    source = host("""
        def main(n: int) -> None:
            z = tr.zeros((256,))
            f = scale(z.partition((64,)), 2.0)
            f.sync()
            gen = (f.sync() for _ in range(n))
            f = scale(z.partition((64,)), 3.0)
            f.sync()
            print(list(gen))
    """)
    assert [code for code, _ in found(source)] == ["TC110"]


def test_a_name_a_call_may_rebind_is_not_known() -> None:
    source = host("""
        def main() -> None:
            z = tr.zeros((256,))
            op = scale(z.partition((64,)), 2.0)

            def renew() -> None:
                nonlocal op
                op = scale(z.partition((64,)), 3.0)

            op.sync()
            renew()
            op.sync()
    """)
    assert found(source) == []


def test_capture_misuse_names_the_capture_and_the_fix() -> None:
    source = host("""
        def main() -> None:
            y = tr.zeros((1024,))
            graph = tr.graph()  # made
            with graph:  # capture
                op = scale(y.partition((256,)), 2.0)
                op.sync()  # run
                graph.record(op)
            graph.close()
    """)
    [d] = check(source)
    capture, run = line(source, "# capture"), line(source, "# run")
    assert (d.code, d.span.line) == ("TC111", run)
    assert d.message == (
        f"`op.sync()` runs op `scale` while a graph is being captured (the capture started at "
        f"line {capture}); tilert refuses it: record it with `graph.record(op)` and launch the "
        "graph after the `with` block"
    )
    labels = {(label.span.line, label.message) for label in d.labels}
    assert labels == {(capture, "capture started here"), (run, "refused while capturing")}


def test_a_run_refused_in_a_capture_is_reported_once() -> None:
    source = host("""
        def main() -> None:
            y = tr.zeros((1024,))
            op = scale(y.partition((256,)), 2.0)
            with tr.graph() as g:
                op.sync()  # refused
                g.record(op)  # the sync raised: op was not run
                p = scale(y.partition((256,)), 3.0).submit()  # refused too
            g.close()
    """)
    assert found(source) == [
        ("TC111", line(source, "# refused")),
        ("TC111", line(source, "# refused too")),
    ]


def test_capture_misuse_only_where_the_capture_certainly_refuses() -> None:
    source = host("""
        import contextlib

        def other() -> tr.Op: ...

        def main(fast: bool, t: object) -> None:
            x, y, v = tr.ones((1024,)), tr.zeros((1024,)), tr.zeros((1024,))
            pending = copy(y.partition((256,)), x).submit()
            maybe = scale(v.partition((256,)), 2.0) if fast else other()
            ctx = tr.graph() if fast else contextlib.nullcontext()
            with tr.graph() as g:
                pending.wait()  # waiting is allowed
                print(x.to_numpy())  # so is reading
                maybe.sync()  # may be another object with a sync
                t.copy_from(x)  # t may be anything
                w = tr.from_dlpack(y)  # a tilert tensor: no allocation
                g.record(scale(w.partition((256,)), 2.0))

                def later() -> tr.Tensor:
                    return tr.zeros((4,))  # runs when called

            g.close()
            with ctx:
                buf = tr.zeros((4,))  # ctx may be no graph
    """)
    assert found(source) == []


# -- the examples agree with the runtime ----------------------------------------------------------


# The RuntimeErrors (not BorrowErrors) that the INVALID examples of TC110 and TC111 run into.
_RUNTIME_REFUSALS = re.compile(
    r"(already ran \(\w+|was already (chained|zipped|recorded)).*; an op runs once"
    r"|cannot .* while capturing a graph"
    r"|launch the graph after its `with tr.graph\(\)` block"
)


def _needs_python(case: Case) -> None:
    """Skip running an example this Python cannot run (the checker still reads it)."""
    if sys.version_info < case.python:
        pytest.skip(f"the example needs Python {'.'.join(map(str, case.python))}")


def _run_main(case: Case, where: Path, name: str) -> list[str]:
    """Run the example's ``main`` under every combination of its bool arguments; what each run
    ran into: an exception's type, "UnrunOpWarning", or "ok"."""
    # The suite's own objects are frozen for the run: each ``gc.collect()`` below then scans
    # only what the example made (a full collection of the suite's heap costs ~0.1-0.3 s, and
    # this runs ~1,000 times a suite).
    gc.freeze()
    try:
        return _run_frozen(case, where, name)
    finally:
        gc.unfreeze()


def _run_frozen(case: Case, where: Path, name: str) -> list[str]:
    path = where / f"{name}.py"
    path.write_text(case.code)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    main = module.main
    params = inspect.signature(main).parameters
    values = {bool: (True, False), int: (16,), float: (2.0,)}
    outcomes = []
    for combination in itertools.product(*(values[p.annotation] for p in params.values())):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            failed: str | None = None
            try:
                result = main(*combination)
                if inspect.iscoroutine(result):
                    asyncio.run(result)
                gc.collect()
            except (tr.BorrowError, TypeError, ValueError) as error:
                failed = type(error).__name__
            except RuntimeError as error:  # TC110, TC111: only what the runtime says of them
                if not _RUNTIME_REFUSALS.search(str(error)):
                    raise
                failed = type(error).__name__
            if failed is not None:
                # what the failed run left in reference cycles (its frames, through the
                # traceback) warns here, not in whichever test collects next
                gc.collect()
                outcomes.append(failed)
                continue
        unrun = [w for w in caught if issubclass(w.category, tr.UnrunOpWarning)]
        outcomes.append("UnrunOpWarning" if unrun else "ok")
    return outcomes


def _with_main(kind: str) -> list[tuple[Rule, int, Case]]:
    return [
        item
        for item in cases("host", kind)
        if "\ndef main(" in item[2].code or "async def main(" in item[2].code
    ]


@pytest.mark.parametrize("item", _with_main("valid"), ids=case_id)
def test_valid_example_runs_cleanly(item: tuple[Rule, int, Case], tmp_path: Path) -> None:
    rule, index, case = item
    _needs_python(case)
    with contextlib.redirect_stdout(io.StringIO()):
        outcomes = _run_main(case, tmp_path, f"valid_{rule.code}_{index}")
    assert set(outcomes) == {"ok"}, case.note


@pytest.mark.parametrize("item", _with_main("invalid"), ids=case_id)
def test_invalid_example_fails_at_run_time(item: tuple[Rule, int, Case], tmp_path: Path) -> None:
    rule, index, case = item
    _needs_python(case)
    with contextlib.redirect_stdout(io.StringIO()):
        outcomes = _run_main(case, tmp_path, f"invalid_{rule.code}_{index}")
    assert set(outcomes) - {"ok"}, case.note
