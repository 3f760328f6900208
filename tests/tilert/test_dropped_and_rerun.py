"""What the runtime says of ops, Pendings and graphs used wrongly: a graph launch's Pending
dropped unwaited warns and waits as any Pending does; every UnrunOpWarning points at the user's
line, even when the object is collected while tilert's own code runs; and a second run of an
op says what ran it first, and where, in the words of what the user called."""

# Runs ops twice, drops Pendings and reads what a graph holds, on purpose.
# tilecheck: ignore-file[TC102, TC110]

from __future__ import annotations

import gc
import inspect
import os
import re
import warnings
import weakref
from collections.abc import Callable, Iterator

import numpy as np
import pytest

import tilert as tr
from tests.support import lines_in
from tilert import Mutable, Tensor, f32

pytestmark = pytest.mark.usefixtures("interpreter")
line_of = lines_in(__file__)
HERE = re.escape(os.path.basename(__file__))


@tr.kernel
def bump(z: Mutable[Tensor[f32]]) -> None:
    z.store(z.load() + 1.0)


def at(marker: str) -> str:
    """``file:line`` of the marked line, as a message shows it."""
    return rf"{HERE}:{line_of(marker)}"


def graph_of_bump(z: Tensor[f32]) -> tr.Graph:
    with tr.graph() as g:  # marker: graph captured
        g.record(bump(z.partition((4,))))
    return g


@pytest.fixture
def no_collector() -> Iterator[None]:
    """Only the test's own collections: the objects it drops in cycles die where it says."""
    gc.collect()
    gc.disable()
    yield
    gc.enable()


# what tilert's code calls when it allocates and the collector runs: a collection inside tilert
collect_inside_tilert: Callable[[], int] = eval(
    compile("lambda: gc.collect()", inspect.getfile(tr.Graph), "eval"), {"gc": gc}
)


def test_a_graph_launch_dropped_unwaited_warns_at_its_line_and_still_runs() -> None:
    z = tr.zeros((8,), dtype=f32)
    g = graph_of_bump(z)
    with pytest.warns(tr.UnrunOpWarning, match="never waited on") as caught:
        g.launch()  # marker: bare launch  # tilecheck: ignore[TC108]
        pending = g.launch()  # marker: kept launch
        del pending  # marker: dropped
    # each names where it was submitted, and points at the line that dropped it
    assert [(w.filename, w.lineno) for w in caught] == [
        (__file__, line_of("marker: bare launch")),
        (__file__, line_of("marker: dropped")),
    ]
    for w, submitted in zip(caught, ("bare launch", "kept launch"), strict=True):
        assert re.match(
            rf"graph of 1 ops submitted at .*{at('marker: ' + submitted)} ", str(w.message)
        )
    with pytest.raises(tr.BorrowError, match="close it first"):  # the graph still holds z
        z.to_numpy()
    g.close()
    np.testing.assert_array_equal(z.to_numpy(), 2.0)  # both replays ran, then z was released


def test_a_graph_launch_waited_or_closed_does_not_warn() -> None:
    z = tr.zeros((8,), dtype=f32)
    g = graph_of_bump(z)
    with warnings.catch_warnings():
        warnings.simplefilter("error", tr.UnrunOpWarning)
        g.launch().wait()
        kept = g.launch()
        g.close()  # waits for it
        del kept
    np.testing.assert_array_equal(z.to_numpy(), 2.0)


@pytest.mark.usefixtures("no_collector")
def test_warnings_point_at_the_users_line_when_collected_inside_tilert() -> None:
    z = tr.zeros((8,), dtype=f32)
    g = graph_of_bump(z)
    cycle: list[object] = [g, bump(tr.zeros((8,), dtype=f32).partition((4,)))]
    cycle.append(cycle)  # only the collector frees them
    del g
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        del cycle
        collect_inside_tilert()  # marker: collected
    found = sorted((str(w.message).split(" ")[0], w.filename, w.lineno) for w in caught)
    assert found == [
        ("graph", __file__, line_of("marker: collected")),
        ("op", __file__, line_of("marker: collected")),
    ]
    assert all(issubclass(w.category, tr.UnrunOpWarning) for w in caught)
    never_closed = next(str(w.message) for w in caught if "never closed" in str(w.message))
    assert re.match(rf"graph captured at .*{at('marker: graph captured')} was never", never_closed)
    assert "call g.close()" in never_closed
    np.testing.assert_array_equal(z.to_numpy(), 0.0)  # closed: z is free, never replayed


@pytest.mark.usefixtures("no_collector")
def test_a_warning_while_a_module_is_imported_points_past_the_frozen_import_machinery() -> None:
    """A finalizer may run inside importlib's frozen frames (a collection during an import):
    warnings cannot read a frozen module's source, so those frames are not the user's line."""
    frozen: dict[str, object] = {"gc": gc}
    exec(
        compile("def collect():\n    gc.collect()\n", "<frozen importlib._bootstrap>", "exec"),
        frozen,
    )
    cycle: list[object] = [bump(tr.zeros((8,), dtype=f32).partition((4,)))]
    cycle.append(cycle)  # only the collector frees it
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        del cycle
        frozen["collect"]()  # type: ignore[operator]  # marker: frozen collect
    assert [(w.filename, w.lineno) for w in caught] == [(__file__, line_of("marker: frozen"))]


@pytest.mark.usefixtures("no_collector")
def test_a_graph_collected_with_its_unwaited_launch_releases_after_the_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    z = tr.zeros((8,), dtype=f32)
    at_close: list[float] = []
    close = tr.Graph.close

    def closing(g: tr.Graph) -> None:  # what z holds once the graph released it
        close(g)
        at_close.append(float(z.to_numpy()[0]))

    monkeypatch.setattr(tr.Graph, "close", closing)
    g = graph_of_bump(z)
    cycle: list[object] = [g, g.launch()]
    cycle.append(cycle)  # the graph and the Pending die in one collection, in either order
    del g
    with pytest.warns(tr.UnrunOpWarning) as caught:
        del cycle
        gc.collect()
    messages = [str(w.message) for w in caught]
    assert (
        sum("never closed" in m for m in messages)
        == sum("never waited" in m for m in messages)
        == 1
    )
    assert at_close == [1.0]  # the replay ran before the graph let z go


class Gone:
    """Something to hold a reference already dead to."""


def test_close_waits_for_a_launch_whose_pending_is_being_collected() -> None:
    # in a collected cycle the Pending's weak reference dies before any finalizer runs, and the
    # graph's may run first: its close still waits for that launch (through its ticket)
    z = tr.zeros((8,), dtype=f32)
    g = graph_of_bump(z)
    pending = g.launch()
    launches = g._launches  # type: ignore[attr-defined]  # (the graph's own record)
    _, stream, ticket = launches[0]
    launches[0] = (weakref.ref(Gone()), stream, ticket)  # its Pending's, as a cycle leaves it
    g.close()
    np.testing.assert_array_equal(z.to_numpy(), 1.0)  # the replay ran before z was let go
    pending.wait()


def test_a_second_run_says_what_ran_it_and_where() -> None:
    z = tr.zeros((8,), dtype=f32)
    op = bump(z.partition((4,)))  # marker: made
    op.sync()  # marker: synced
    made, ran = at("marker: made"), at("marker: synced")
    with pytest.raises(
        RuntimeError,
        match=rf"^cannot sync op `bump` \(created at .*{made}\): it already ran \(synced at "
        rf".*{ran}\); an op runs once: make a new one to run it again$",
    ):
        op.sync()
    with pytest.raises(RuntimeError, match=rf"^cannot submit .* \(synced at .*{ran}\)"):
        op.submit()
    with pytest.raises(RuntimeError, match=rf"^cannot chain .* \(synced at .*{ran}\)"):
        op.then(lambda *_: bump(z.partition((4,))))
    submitted = bump(z.partition((4,)))
    submitted.submit().wait()  # marker: submitted
    with pytest.raises(
        RuntimeError, match=rf"^cannot sync .* \(submitted at .*{at('marker: submitted')}\)"
    ):
        submitted.sync()


def test_a_second_await_says_it_was_awaited() -> None:
    z = tr.zeros((8,), dtype=f32)
    op = bump(z.partition((4,)))

    async def twice() -> None:
        await op  # marker: awaited
        with pytest.raises(
            RuntimeError, match=rf"^cannot await .* \(awaited at .*{at('marker: awaited')}\)"
        ):
            await op

    import asyncio

    asyncio.run(twice())
    np.testing.assert_array_equal(z.to_numpy(), 1.0)


def test_a_taken_op_says_what_took_it_and_what_to_run_instead() -> None:
    z, w = tr.zeros((8,), dtype=f32), tr.zeros((8,), dtype=f32)
    first = bump(z.partition((4,)))
    chain = first.then(lambda *_: bump(w.partition((4,))))  # marker: chained
    with pytest.raises(
        RuntimeError,
        match=rf"^cannot sync op `bump` .*: it was already chained with \.then at "
        rf".*{at('marker: chained')} and runs with it; an op runs once: run the op \.then "
        r"returned instead$",
    ):
        first.sync()
    chain.sync()
    a, b = bump(z.partition((4,))), bump(w.partition((4,)))
    zipped = tr.zip(a, b)  # marker: zipped
    with pytest.raises(
        RuntimeError, match=rf"^cannot submit .*zipped with tr\.zip at .*{at('marker: zipped')} "
    ):
        a.submit()
    with tr.graph() as g:
        recorded = g.record(zipped)  # marker: recorded
    with pytest.raises(
        RuntimeError,
        match=rf"^cannot zip .*recorded in a graph at .*{at('marker: recorded')} .*launch the "
        "graph instead$",
    ):
        tr.zip(recorded)
    g.launch().wait()
    g.close()
    np.testing.assert_array_equal(z.to_numpy(), 2.0)
