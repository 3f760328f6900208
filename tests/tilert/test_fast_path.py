"""The launch fast path in C (tilert/_fast_src) against its Python reference.

Under the interpreter the C ``Tensor.partition``, ``Kernel.__call__`` and ``__del__`` run in every
test of the suite; ``Op.sync``'s C path needs the GPU backend, so here a stand-in backend with
the cutile backend's attributes launches nothing and records what ``ct.launch`` would get. The
whole suite also runs with ``TILERT_PURE_PYTHON=1`` in CI (the Python alone)."""

# Some tests commit violations on purpose, to see the C path hand them to the Python.
# tilecheck: ignore-file[TC101, TC102, TC103, TC104, TC105, TC109, TC110]

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import threading
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import lines_in
from tilert import Mutable, Shared, Tensor, _accel, backends, f32, streams
from tilert._core import ownership
from tilert._core.storage import HostStorage
from tilert.cutile.backend import launch_arguments

needs_fast = pytest.mark.skipif(
    not _accel.active(), reason="the C fast path is not built here (or TILERT_PURE_PYTHON=1)"
)
needs_built = pytest.mark.skipif(_accel._fast is None, reason="the C extension is not built here")


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], k: float) -> None:
    z.store(tl.load_tile_like(x, z) * k)


class TileError(Exception):
    pass


class StandIn:
    """The cutile backend's launch path (its own ``launch`` and the attributes the C path
    reads) with a ``ct.launch`` that records its arguments instead of launching."""

    name = "cutile"
    device_kind = "cuda"
    launches_at_once = True

    def __init__(self) -> None:
        self._ct = types.SimpleNamespace(TileError=TileError)
        self._cache: dict[Any, Any] = {}
        self.launches: list[tuple[Any, ...]] = []
        self.fail: BaseException | None = None
        self.python_launches = 0  # launches through ``launch``, not the C path
        self._launch = self._record
        self.fast_launch = (self._cache, self._launch)

    def _record(self, handle: int, grid: Any, kernel: Any, args: Any) -> None:
        if self.fail is not None:
            raise self.fail
        self.launches.append((handle, grid, kernel, args))

    def launch(self, kernel: Any, args: Any, grid: Any, stream: Any = None) -> None:
        self.python_launches += 1
        s = stream or tr.current_stream()
        kernel_args, spec, written = launch_arguments(kernel, args)
        compiled = self._cache.setdefault(
            (id(kernel), spec), types.SimpleNamespace(kernel=f"compiled {kernel.name}")
        )
        try:
            (getattr(compiled, "launch", None) or self._launch)(
                s._handle, grid, compiled.kernel, kernel_args
            )
        except TileError as exc:
            raise self.launch_error(kernel, compiled, exc) from exc
        for t in written:
            t._writer = (s, s._launched)

    def launch_error(self, kernel: Any, compiled: Any, exc: BaseException) -> BaseException:
        if not isinstance(exc, TileError):
            return exc
        error = tr.KernelError(f"cuTile rejected kernel `{kernel.name}`: {exc}")
        error.__cause__ = exc
        return error


@pytest.fixture
def gpu_like(monkeypatch: pytest.MonkeyPatch) -> Iterator[StandIn]:
    """The stand-in backend, and a current stream that has launched and synchronized."""
    stand_in = StandIn()
    monkeypatch.setattr(backends, "current", lambda: stand_in)
    with tr.Stream() as stream:
        # handle 0, CUDA's default stream: where the driver is loaded (a GPU machine) the C path
        # synchronizes it directly, so any other made-up handle would crash the driver
        stream._handle = 0
        stream._sync = lambda: None
        yield stand_in


def tensors(n: int = 8, dtype: Any = np.float32) -> tuple[Tensor[Any], ...]:
    """Host tensors (the stand-in launches nothing) with the view a launch passes."""
    out = tuple(Tensor(HostStorage(np.zeros((n,), dtype)), (n,), np.dtype(dtype)) for _ in range(3))
    for t in out:
        t._launch_view = f"view of {id(t)}"
    return out


def launch_loop(stand_in: StandIn, count: int) -> list[tuple[Any, ...]]:
    z, x, y = tensors()
    for _ in range(count):
        assert add(z.partition((8,)), x, y).sync()[1] is x
    assert not (z._borrows or x._borrows or y._borrows) and z._exclusive == 0
    stream = tr.current_stream()
    assert z._writer == (stream, stream._launched) and stream._completed == stream._launched
    return [
        (h, g, k, tuple(a if isinstance(a, int) else "view" for a in args))
        for h, g, k, args in stand_in.launches
    ]


@needs_fast
def test_installed_with_the_python_kept_as_reference() -> None:
    assert type(tr.Tensor.__dict__["partition"]).__name__ == "method_descriptor"
    assert callable(tr.Op._sync_python) and callable(tr.Kernel._call_python)
    assert type(ownership.LOCK).__name__ == "RLock"


def _bare_env(**extra: str) -> dict[str, str]:
    """A subprocess's environment with none of ours but where Python finds packages (a machine
    may put tilert's dependencies on PYTHONPATH)."""
    kept = {k: v for k in ("PYTHONPATH",) if (v := os.environ.get(k))}
    return {"PATH": "", **kept, **extra}


def test_pure_python_leaves_it_out() -> None:
    code = (
        "import tilert._accel as a, tilert as tr\n"
        "print(a.active(), tr.Op.sync.__module__, sep='\\n')\n"
        "print(a.describe())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=_bare_env(TILERT_PURE_PYTHON="1"),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert out[:2] == ["False", "tilert.ops"]
    assert out[2] == (
        "Python alone (TILERT_PURE_PYTHON is set)"
        if _accel._fast is not None
        else "Python alone: the C extension was not built (reinstall with a C compiler)"
    )


def test_doctor_says_which_launch_path_runs() -> None:
    from tilert import doctor

    facts = doctor.diagnose().render()
    assert re.search(rf"^launch path +{re.escape(_accel.describe())}$", facts, re.MULTILINE)
    assert ("C fast path" in facts) == _accel.active()


def test_a_launch_loop_gives_what_the_python_gives(
    gpu_like: StandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = launch_loop(gpu_like, 5)
    # in C but the first (it compiles): from the second on, nothing but ct.launch in Python
    assert gpu_like.python_launches == (1 if _accel.active() else 5)
    gpu_like.launches.clear()
    for cls, name in _accel._REPLACED:  # the same loop through the Python alone
        reference = getattr(cls, f"_{name.strip('_')}_python", None)
        if reference is not None:
            monkeypatch.setattr(cls, name, reference)
    assert launch_loop(gpu_like, 5) == fast
    assert fast == [(0, (1,), "compiled add", ("view", 8, "view", "view"))] * 5


def test_scalars_and_their_types(gpu_like: StandIn) -> None:
    z, x, _ = tensors()
    scale(z.partition((8,)), x, 2.0).sync()
    scale(z.partition((8,)), x, 3).sync()  # an int for a float parameter
    assert [launch[3][-1] for launch in gpu_like.launches] == [2.0, 3]
    with pytest.raises(TypeError, match="is a scalar"):
        scale(z.partition((8,)), x, "2")
    assert not z._borrows and z._exclusive == 0  # the refused call's partition was dropped


def test_errors_come_from_the_python(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    w = tensors(dtype=np.int32)[0]
    p = z.partition((8,))
    with pytest.raises(tr.BorrowError, match=r"cannot partition|exclusively borrowed"):
        z.partition((8,))
    with pytest.raises(tr.BorrowError, match="as Mutable `z` and again as `x`"):
        add(p, z, y)
    with pytest.raises(TypeError, match="expects f32 elements"):
        add(w.partition((8,)), x, y)
    op = add(p, x, y)
    with pytest.raises(tr.BorrowError, match="already consumed"):
        add(p, x, y)
    with pytest.raises(tr.BorrowError, match="borrowed for reading \\(read by op `add`\\)"):
        add(x.partition((8,)), z, y)
    op.sync()
    with pytest.raises(RuntimeError, match=r"cannot sync op `add`.*already ran \(synced at"):
        op.sync()
    assert not (z._borrows or x._borrows or y._borrows or w._borrows)


def test_a_second_run_says_how_and_where_the_first_ran(gpu_like: StandIn) -> None:
    line_of = lines_in(__file__)
    z, x, y = tensors()
    synced, submitted = [], []
    for _ in range(3):  # the first at each line is the Python's (it formats the line), then C
        synced.append(add(z.partition((8,)), x, y))
        synced[-1].sync()  # marker: synced in C
        submitted.append(add(z.partition((8,)), x, y))
        submitted[-1].submit().wait()  # marker: submitted in C
    assert gpu_like.python_launches == (2 if _accel.active() else 6)
    for op in synced:
        line = line_of("marker: synced in C")
        with pytest.raises(
            RuntimeError, match=rf"^cannot submit .*already ran \(synced at .*:{line}\)"
        ):
            op.submit()  # tilecheck: ignore[TC108] (refused: no Pending comes of it)
    for op in submitted:
        line = line_of("marker: submitted in C")
        with pytest.raises(
            RuntimeError, match=rf"^cannot sync .*already ran \(submitted at .*:{line}\)"
        ):
            op.sync()
    assert not (z._borrows or x._borrows or y._borrows) and z._exclusive == 0


def test_a_failed_launch_releases_and_reports(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    add(z.partition((8,)), x, y).sync()  # the specialization is compiled
    gpu_like.fail = TileError("bad tile")
    with pytest.raises(tr.KernelError, match="cuTile rejected kernel `add`: bad tile") as info:
        add(z.partition((8,)), x, y).sync()
    assert isinstance(info.value.__cause__, TileError)
    gpu_like.fail = MemoryError("out of host memory")
    with pytest.raises(MemoryError):
        add(z.partition((8,)), x, y).sync()
    assert not (z._borrows or x._borrows or y._borrows) and z._exclusive == 0


def test_a_backend_that_fails_to_load_fails_as_in_the_python(
    gpu_like: StandIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    z, x, y = tensors()
    add(z.partition((8,)), x, y).sync()  # the C path has seen this backend and kernel

    def broken() -> StandIn:
        raise RuntimeError("TILERT_BACKEND='bogus': expected 'cutile' or 'interpret'")

    monkeypatch.setattr(backends, "current", broken)
    op = add(z.partition((8,)), x, y)
    with pytest.raises(RuntimeError, match="TILERT_BACKEND='bogus'"):
        op.sync()
    assert op._state == "synced"  # as the Python leaves it: run, failed, released
    assert not (z._borrows or x._borrows or y._borrows) and z._exclusive == 0


def test_a_cleared_backend_choice_reaches_the_c_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The C path reads the backend ``backends.current()`` cached (``backends._chosen``)
    instead of calling it: ``current.cache_clear()`` must empty that, so that the next launch
    runs on the new choice, in C too (from its second launch: the first compiles)."""
    first, second = StandIn(), StandIn()

    def registration(name: str, chosen: StandIn) -> backends.Registration:
        return backends.Registration(name, lambda: cast(Any, chosen), lambda: None, -10)

    for name, chosen in (("standin1", first), ("standin2", second)):
        monkeypatch.setitem(backends._registry, name, registration(name, chosen))
    z, x, y = tensors()
    try:
        with tr.Stream() as stream:
            stream._handle = 0  # (CUDA's default stream: see gpu_like)
            stream._sync = lambda: None
            for name, chosen in (("standin1", first), ("standin2", second)):
                monkeypatch.setenv("TILERT_BACKEND", name)
                backends.current.cache_clear()
                assert backends._chosen == []
                for _ in range(3):
                    add(z.partition((8,)), x, y).sync()
                assert len(backends._chosen) == 1 and backends._chosen[0] is chosen
                assert len(chosen.launches) == 3
                assert chosen.python_launches == (1 if _accel.active() else 3)
            assert len(first.launches) == 3  # nothing of the second choice's
    finally:
        monkeypatch.undo()
        backends.current.cache_clear()


def test_dropped_partitions_and_unrun_ops_release(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    z.partition((8,))  # dropped at once
    assert not z._borrows
    with pytest.warns(tr.UnrunOpWarning, match="was never run"):
        add(z.partition((8,)), x, y)
    assert not (z._borrows or x._borrows) and z._exclusive == 0


def test_a_kernel_call_binds_keywords_and_keeps_its_arguments(gpu_like: StandIn) -> None:
    # the C install gives Kernel a tp_call of its own: keywords still go to the Python, and a
    # call's tuple of arguments (the interpreter's, or the caller's own) becomes the outputs
    z, x, y = tensors()
    out = add(z.partition((8,)), y=y, x=x).sync()
    assert out[1] is x and out[2] is y
    args = (z.partition((8,)), x, y)
    out = add(*args).sync()
    assert all(a is b for a, b in zip(out, args, strict=True)) and len(args) == 3
    assert args[0].consumed_at is not None
    assert not (z._borrows or x._borrows or y._borrows) and z._exclusive == 0


def test_names_an_op_lacks_say_what_to_write_instead(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    op = add(z.partition((8,)), x, y)
    with pytest.raises(AttributeError, match=r"^'Op' object has no attribute 'wait': an op is"):
        op.wait()
    with pytest.raises(AttributeError, match=r"^'Op' object has no attribute 'bogus'$"):
        op.bogus  # noqa: B018
    assert not hasattr(op, "result") and not hasattr(op, "done") and not hasattr(tr.Op, "wait")
    op.sync()


def test_threads_launching_at_once_leave_no_borrow(gpu_like: StandIn) -> None:
    x = tensors()[1]
    outs = [tensors()[0] for _ in range(4)]

    def loop(z: Tensor[Any]) -> None:
        for _ in range(300):
            add(z.partition((8,)), x, x).sync()

    threads = [threading.Thread(target=loop, args=(z,)) for z in outs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(gpu_like.launches) == 1200
    assert not x._borrows and all(not z._borrows and z._exclusive == 0 for z in outs)


@needs_fast
def test_the_c_lock_excludes_other_threads_and_reenters() -> None:
    lock = type(ownership.LOCK)()
    count = [0]

    def bump() -> None:
        for _ in range(2000):
            with lock, lock:  # re-entrant
                seen = count[0]
                time.sleep(0)  # let another thread run inside, if the lock let it in
                count[0] = seen + 1

    threads = [threading.Thread(target=bump) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert count[0] == 8000
    assert lock.acquire(False) and lock.acquire(False)
    other: list[bool] = []
    probe = threading.Thread(target=lambda: other.append(lock.acquire(False)))
    probe.start()
    probe.join()
    assert other == [False]
    lock.release()
    lock.release()
    with pytest.raises(RuntimeError, match="un-acquired"):
        lock.release()


@needs_built
def test_a_built_extension_fits_and_is_installed() -> None:
    fast = _accel._fast
    assert _accel._mismatch(_accel._objects(fast.RLock(), fast.RLock())) is None
    if os.environ.get("TILERT_PURE_PYTHON", "") in ("", "0"):
        assert _accel.active(), _accel.describe()  # not left out for a mismatch
    # the keys the C reads are the ones its stub types (tilert/_fast.pyi)
    stub = ast.parse((Path(_accel.__file__).parent / "_fast.pyi").read_text())
    config = next(n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == "_Config")
    typed = {
        n.target.id
        for n in config.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }
    assert typed == set(fast.KEYS) and {key for key, _ in fast.SLOTS} <= typed


@needs_built
def test_install_checks_what_the_c_reads() -> None:
    fast = _accel._fast
    objects: dict[str, object] = dict(_accel._objects(fast.RLock(), fast.RLock()))

    class Stream:
        __slots__ = ("_handle",)
        _sync = None  # a class attribute, not a slot

    class OpHolder(ownership.Holder):
        __slots__ = ("held",)  # its own: at another offset than PartitionHolder's

    cases = [
        ("tilings", None, "tilings, which tilert/_accel.py does not hand over"),
        ("Stream", Stream, "Stream._sync by offset, and that is no __slots__ member"),
        ("OpHolder", OpHolder, "they do not share that slot"),
    ]
    for key, replacement, reason in cases:
        changed = {k: v for k, v in objects.items() if k != key}
        if replacement is not None:
            changed[key] = replacement
        assert reason in (_accel._mismatch(changed) or "")


def test_a_mismatch_leaves_the_c_out_and_says_why() -> None:
    code = (
        "import os\n"
        "os.environ['TILERT_PURE_PYTHON'] = '1'\n"
        "import tilert._accel as a\n"
        "del os.environ['TILERT_PURE_PYTHON']\n"
        "class Stream:\n"
        "    __slots__ = ('_handle',)\n"
        "a.streams.Stream, lock = Stream, a.ownership.LOCK\n"
        "a.install()\n"
        "print(a.active(), a.ownership.LOCK is lock, sep='\\n')\n"
        "print(a.describe())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=_bare_env(), capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[:2] == ["False", "True"]  # nothing installed, nothing replaced
    assert out[2] == (
        "Python alone: the C extension does not fit this tilert (it reads Stream._sync by "
        "offset, and that is no __slots__ member)"
        if _accel._fast is not None
        else "Python alone: the C extension was not built (reinstall with a C compiler)"
    )


def test_launches_on_torchs_followed_stream_stay_on_the_c_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once torch's current stream is followed (streams._follow_torch sets ``_default`` to
    None), a launch outside any ``with stream:`` asks ``streams._torch_stream`` for its stream:
    the C path must too, not hand every launch to the Python (8 us instead of 1 on the H100)."""
    stand_in = StandIn()
    monkeypatch.setattr(backends, "current", lambda: stand_in)
    followed = tr.Stream()
    followed._handle = 0  # CUDA's default stream (see gpu_like)
    followed._sync = lambda: None
    monkeypatch.setattr(streams, "_default", None)
    monkeypatch.setattr(streams, "_torch_stream", lambda: followed)
    z, x, y = tensors()
    for _ in range(5):
        add(z.partition((8,)), x, y).sync()
    assert stand_in.python_launches == (1 if _accel.active() else 5)
    assert [h for h, *_ in stand_in.launches] == [0] * 5
    assert z._writer == (followed, followed._launched)


def test_a_compiled_kernel_with_its_own_launch_is_launched_with_it(gpu_like: StandIn) -> None:
    """A compiled entry's ``launch`` (the cutile backend's, for a dependent launch) replaces the
    backend's launch function for that kernel, on the C path (synced and submitted) as in the
    Python."""
    z, x, y = tensors()
    add(z.partition((8,)), x, y).sync()  # the first launch makes the compiled entry
    own: list[tuple[Any, ...]] = []
    (entry,) = gpu_like._cache.values()
    entry.launch = lambda *a: own.append(a)
    before = len(gpu_like.launches)
    add(z.partition((8,)), x, y).sync()
    add(z.partition((8,)), x, y).submit().wait()
    assert len(own) == 2 and len(gpu_like.launches) == before
    assert own[0][2] == entry.kernel
