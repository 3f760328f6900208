"""Probe: where an eager 1 MiB all-reduce's host time goes, from torch's bare loop to tilert's
chain, one ingredient at a time (issue 22: ours 96.7 us an all-reduce against torch's 36.5 on
2x H100 at 2818245, equal inside a graph, so the difference is on the host).

Each row issues K all-reduces of the same 1 MiB f32 buffer (tilert's memory, seen by torch
through DLPack, as ``gpu_bench_distributed.py`` does), the GPU drained before (and
``torch.cuda.synchronize()`` after); best of ROUNDS runs after one warm-up, per all-reduce:
``host`` is the time until the host had issued all K (returned from the loop or ``submit``),
``total`` until the GPU finished them, ``in torch`` the time spent inside torch's call (only in
rows that time it; timing adds about 0.1 us a call). ``host`` near ``total`` means host-bound.

Both of tilert's transports are timed in the run, over the one process group: the rows named
``tilert ...`` go through torch's process group (the torch transport, as these rows did before
tilert called NCCL itself), the rows named ``tilert[nccl] ...`` through NCCL's C API (the NCCL
transport, its own communicator), and ``NCCL C loop ...`` rows call the same library's
``ncclAllReduce`` through its ctypes binding with no tilert op around it (the floor of an
eager call's host time from Python).

Every rank runs every row in the same order with the same number of all-reduces (a row that
fails on one rank alone would leave the other waiting: the run's ``timeout`` ends it, and the
rows so far are in the JSON, rewritten after each row). Rank 0 prints the table, then
cProfiles of tilert's chain and of torch's loop (top 25 by internal time), and writes
``--out`` (a JSON file). The whole run takes well under 3 minutes (about 30 rows of 6 x 200
all-reduces, a few seconds of GPU time, plus NCCL's start).

    python -m tilert.distributed.run -n 2 benchmarks/gpu_probe_allreduce_host.py \
        --out $OUT/allreduce-host.json

``--cpu`` runs the probe itself over gloo on the CPU (TILERT_BACKEND=interpret, torch's CPU
build): a check that every row runs, whose numbers are gloo's (the CUDA stream rows fail
there, each alone).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import gc
import io
import json
import os
import platform
import pstats
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from functools import reduce
from pathlib import Path
from typing import Any

from bench_record import commit
from gpu_bench_distributed import communicators, nccl_library

import tilert as tr
import tilert.distributed as dist

K = 200  # all-reduces per timed run
ELEMENTS = 1 << 18  # 1 MiB of f32
ROUNDS = 5
SPINS_US = (20, 60)  # host work between torch's calls, to see whether a busy host slows them
LAUNCHED = ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT")
ENV_SHOWN = ("TORCH_NCCL_", "NCCL_", "CUDA_LAUNCH_BLOCKING", "PYTORCH_CUDA_ALLOC_CONF")

# A row: ``issue()`` issues K all-reduces and returns what finishes them (a Pending's wait) or
# None; ``timer`` (a one-element list of nanoseconds) is read after each run when the row
# times torch's calls.
Issue = Callable[[], Callable[[], Any] | None]


class Probe:
    """The rows, each timed on every rank, and what rank 0 keeps of them."""

    def __init__(self, out: Path | None, meta: dict[str, Any], on_gpu: bool) -> None:
        import torch

        self.torch = torch
        self.sync: Callable[[], Any] = torch.cuda.synchronize if on_gpu else lambda: None
        self.device = f"cuda:{dist.communicator().local_rank}" if on_gpu else "cpu"
        self.out, self.meta = out, meta
        self.rows: list[dict[str, Any]] = []
        self.rank0 = dist.rank() == 0

    def row(
        self,
        name: str,
        issue: Issue,
        timer: list[int] | None = None,
        k: int = K,
        prepare: Callable[[], Any] | None = None,
    ) -> None:
        """Time ``issue`` (k all-reduces a run): best total of ROUNDS runs after a warm-up, and
        that run's host time (and time in torch, where timed), in us per all-reduce.
        ``prepare`` runs before each run, untimed."""
        sync = self.sync
        found: dict[str, Any] = {"name": name, "k": k}
        try:
            if prepare is not None:
                prepare()
            finish = issue()  # warm-up
            if finish is not None:
                finish()
            sync()
            best: tuple[float, float, float | None] | None = None
            for _ in range(ROUNDS):
                if prepare is not None:
                    prepare()
                if timer is not None:
                    timer[0] = 0
                sync()
                start = time.perf_counter()
                finish = issue()
                issued = time.perf_counter()
                if finish is not None:
                    finish()
                sync()
                end = time.perf_counter()
                inside = None if timer is None else timer[0] / 1e3 / k
                run = ((end - start) * 1e6 / k, (issued - start) * 1e6 / k, inside)
                if best is None or run[0] < best[0]:
                    best = run
            assert best is not None
            found.update(total_us=round(best[0], 2), host_us=round(best[1], 2))
            if best[2] is not None:
                found["in_torch_us"] = round(best[2], 2)
        except Exception as exc:  # this row fails alone: say why, go on
            found["error"] = f"{type(exc).__name__}: {exc}"
            if self.rank0:
                traceback.print_exc()
        self.rows.append(found)
        if self.rank0:
            self._print(found)
            self.save()

    def _print(self, r: dict[str, Any]) -> None:
        if "error" in r:
            print(f"{r['name']:<58} ERROR {r['error']}", flush=True)
            return
        inside = f"{r['in_torch_us']:9.1f}" if "in_torch_us" in r else f"{'':9}"
        print(f"{r['name']:<58}{r['total_us']:9.1f}{r['host_us']:9.1f}{inside}", flush=True)

    def save(self, **extra: Any) -> None:
        self.meta.update(extra)
        if self.out is not None and self.rank0:
            self.out.parent.mkdir(parents=True, exist_ok=True)
            self.out.write_text(json.dumps({**self.meta, "rows": self.rows}, indent=2) + "\n")


def timed(fn: Callable[..., Any], timer: list[int]) -> Callable[..., Any]:
    """``fn`` adding the nanoseconds each call takes to ``timer[0]``."""
    clock = time.perf_counter_ns

    def call(*args: Any, **kwargs: Any) -> Any:
        start = clock()
        try:
            return fn(*args, **kwargs)
        finally:
            timer[0] += clock() - start

    return call


def spin(us: float) -> None:
    """Busy host work of ``us`` microseconds (Python, holding the GIL, as tilert's is)."""
    end = time.perf_counter() + us / 1e6
    while time.perf_counter() < end:
        pass


def nested(depth: int, fn: Callable[[], Any]) -> Any:
    """``fn()`` called ``depth`` Python frames down (torch's flight recorder keeps each
    collective's Python stack)."""
    return fn() if depth <= 0 else nested(depth - 1, fn)


@contextlib.contextmanager
def gc_off() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def chain(x: tr.Tensor[Any], k: int = K, all_reduce: Callable[..., tr.Op] | None = None) -> tr.Op:
    """k all-reduces of ``x`` as one ``.then`` chain (gpu_bench_distributed.py's eager rows)."""
    fn = dist.all_reduce if all_reduce is None else all_reduce
    return reduce(lambda op, _: op.then(fn), range(k - 1), fn(x))


def waited(work: Any) -> None:
    """``work.wait()`` as the transport (and torch's wrapper) does it: with ``asyncOp`` False a
    group may return no Work (torch 2.11's NCCL group did on the H100s), then nothing to wait."""
    if work is not None:
        work.wait()


def loop(call: Callable[[], Any]) -> Issue:
    """K calls of ``call``, nothing to finish after."""

    def issue() -> None:
        for _ in range(K):
            call()

    return issue


def torch_rows(p: Probe, x: tr.Tensor[Any], comm: dist.Communicator) -> None:
    """torch's own calls, from its bare loop towards the way tilert issues them."""
    import torch
    import torch.distributed as td

    xt = torch.from_dlpack(x)  # tilert's memory, as the benchmark's torch rows use
    own = torch.zeros(ELEMENTS, device=p.device)  # torch's allocator's
    transport: Any = comm.transport
    view = transport._view(x)  # the transport's own flat view of x
    group, SUM = td.group.WORLD, td.ReduceOp.SUM
    timer = [0]

    p.row("torch loop, torch's own tensor", loop(lambda: td.all_reduce(own)))
    p.row("torch loop, tilert's memory (torch.from_dlpack once)", loop(lambda: td.all_reduce(xt)))
    timed_ar = timed(td.all_reduce, timer)
    p.row("  the same, torch's call timed", loop(lambda: timed_ar(xt)), timer)
    p.row("torch loop, op and group passed", loop(lambda: td.all_reduce(xt, SUM, group)))
    p.row("torch loop, the transport's flat DLPack view", loop(lambda: td.all_reduce(view)))
    p.row(
        "torch loop, torch.from_dlpack(x) per call",
        loop(lambda: td.all_reduce(torch.from_dlpack(x))),
    )
    p.row(
        "torch loop, async_op=True + work.wait()",
        loop(lambda: td.all_reduce(xt, async_op=True).wait()),
    )
    options = td.AllreduceOptions()
    options.reduceOp = SUM
    if hasattr(options, "asyncOp"):
        options.asyncOp = False
    p.row(
        "process group allreduce([t], opts) + wait (tilert's call now)",
        loop(lambda: waited(group.allreduce([xt], options))),
    )
    direct = timed(lambda: waited(group.allreduce([xt], options)), timer)
    p.row("  the same, the call timed", loop(direct), timer)
    p.row("process group allreduce, no wait", loop(lambda: group.allreduce([xt], options)))
    p.row("torch loop, gc disabled", lambda: _gc_off_loop(lambda: td.all_reduce(xt)))
    p.row("torch loop, 40 Python frames down", loop(lambda: nested(40, lambda: td.all_reduce(xt))))
    for us in SPINS_US:
        p.row(
            f"torch loop + {us} us of Python between calls, call timed",
            loop(lambda us=us: (spin(us), timed_ar(xt))),
            timer,
        )
    p.row(
        "torch loop, torch.cuda.synchronize() after each",
        loop(lambda: (td.all_reduce(xt), p.sync())),
    )
    try:
        side = torch.cuda.Stream()
    except Exception as exc:  # (the CPU)
        p.rows.append({"name": "the stream rows", "error": f"{type(exc).__name__}: {exc}"})
        return
    stream_rows(p, xt, side, transport)


def stream_rows(p: Probe, xt: Any, side: Any, transport: Any) -> None:
    """A side stream: entered once, entered per call, and as tilert switches to it."""
    import torch
    import torch.distributed as td

    def on_side() -> None:
        with torch.cuda.stream(side):
            for _ in range(K):
                td.all_reduce(xt)

    p.row("torch loop on a side stream (entered once)", on_side)

    def side_each() -> None:
        with torch.cuda.stream(side):
            td.all_reduce(xt)

    p.row("torch loop, `with torch.cuda.stream(side)` per call", loop(side_each))
    handle = side.cuda_stream

    def external_each() -> None:
        with torch.cuda.stream(torch.cuda.ExternalStream(handle)):
            td.all_reduce(xt)

    p.row("torch loop, an ExternalStream made per call", loop(external_each))
    switch = transport._on(handle)

    def switched() -> None:
        with switch:
            td.all_reduce(xt)

    p.row("torch loop, the transport's stream switch per call", loop(switched))
    side.synchronize()


def _gc_off_loop(call: Callable[[], Any]) -> None:
    with gc_off():
        for _ in range(K):
            call()


def tilert_rows(p: Probe, x: tr.Tensor[Any], comm: dist.Communicator, name: str = "tilert") -> None:
    """tilert's ways to issue them through ``comm``'s transport, and its part alone (rows
    named ``name ...``)."""
    import torch.distributed as td

    transport: Any = comm.transport
    timer = [0]
    all_reduce = comm.all_reduce

    def each(run: Callable[[tr.Op], Any]) -> Issue:
        def issue() -> None:
            for _ in range(K):
                run(all_reduce(x))

        return issue

    def chained(k: int = K) -> Callable[[], Any]:
        return chain(x, k, all_reduce).submit().wait

    p.row(f"{name} .sync() each", each(lambda op: op.sync()))
    p.row(f"{name} .submit().wait() each", each(lambda op: op.submit().wait()))
    p.row(f"{name} .then chain, built and submitted (the benchmark)", chained)

    made: list[tr.Op] = []
    p.row(
        f"{name} .then chain built before, submit timed",
        lambda: made.pop().submit().wait,
        prepare=lambda: made.append(chain(x, K, all_reduce)),
    )
    made.clear()  # (a chain left unrun by a failed run releases x's borrow)
    p.row(f"{name} .then chain of 50 (per all-reduce)", lambda: chained(50), k=50)

    def chain_gc_off() -> Callable[[], Any]:
        with gc_off():
            return chained()

    p.row(f"{name} .then chain, gc disabled", chain_gc_off)
    issue = transport._issue["all_reduce"]
    call = "torch's call" if name == "tilert" else "NCCL's call"
    transport._issue["all_reduce"] = timed(issue, timer)
    try:
        p.row(f"{name} .then chain, {call} timed", chained, timer)
        p.row(f"{name} .sync() each, {call} timed", each(lambda op: op.sync()), timer)
    finally:
        transport._issue["all_reduce"] = issue

    if name == "tilert":  # (the torch transport's former call)
        group, ops = td.group.WORLD, transport._ops
        transport._issue["all_reduce"] = lambda out, _, c: td.all_reduce(
            out, ops[c.op or "sum"], group
        )
        try:  # (how the transport called torch before: torch's Python wrapper on every op)
            p.row(f"{name} .then chain through td.all_reduce (the old call)", chained)
        finally:
            transport._issue["all_reduce"] = issue

    def side_chain() -> Callable[[], Any]:
        with tr.Stream():
            return chained()

    switched = "torch's stream switched per op" if name == "tilert" else "its handle passed"
    p.row(f"{name} .then chain on a tr.Stream() ({switched})", side_chain)

    # tilert's own part on this host: the same chain with nothing issued (both ranks alike)
    transport._issue["all_reduce"] = lambda *args: None
    not_called = "torch not called" if name == "tilert" else "NCCL not called"
    try:
        p.row(f"{name} .then chain, {not_called} (tilert's part)", chained)
        p.row(f"{name} .sync() each, {not_called}", each(lambda op: op.sync()))
    finally:
        transport._issue["all_reduce"] = issue


def nccl_rows(p: Probe, x: tr.Tensor[Any], comm: dist.Communicator) -> None:
    """``ncclAllReduce`` of x through the NCCL transport's library and communicator, K in a
    Python loop on torch's current stream (tilert's too), with no tilert op around it: through
    the binding's checked method, and the ctypes function itself."""
    import torch

    transport: Any = comm.transport
    lib, handle = transport.lib, torch.cuda.current_stream().cuda_stream
    ptr, n, f32, total = x._device_pointer(), x.size, 7, 0  # ncclFloat32, ncclSum
    nccl = transport.comm
    p.row(
        "NCCL C loop: the binding's all_reduce (checked)",
        loop(lambda: lib.all_reduce(ptr, ptr, n, f32, total, nccl, handle)),
    )
    raw = lib._all_reduce
    p.row(
        "NCCL C loop: ctypes' ncclAllReduce itself",
        loop(lambda: raw(ptr, ptr, n, f32, total, nccl, handle)),
    )


def profiles(p: Probe, x: tr.Tensor[Any], comms: dict[str, dist.Communicator]) -> dict[str, str]:
    """cProfile of one chain per transport and of torch's loop of K (every rank runs each;
    rank 0's kept)."""
    import torch
    import torch.distributed as td

    xt = torch.from_dlpack(x)
    found: dict[str, str] = {}
    runs: dict[str, Callable[[], Any]] = {
        f"tilert chain ({transport} transport)": lambda c=comm: (
            chain(x, K, c.all_reduce).submit().wait()
        )
        for transport, comm in comms.items()
    }
    runs["torch loop"] = lambda: [td.all_reduce(xt) for _ in range(K)]
    for name, run in runs.items():
        try:
            p.sync()
            profile = cProfile.Profile()
            profile.enable()
            run()
            profile.disable()
            p.sync()
            text = io.StringIO()
            pstats.Stats(profile, stream=text).sort_stats("tottime").print_stats(25)
            found[name] = text.getvalue()
        except Exception as exc:
            found[name] = f"failed: {type(exc).__name__}: {exc}"
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=None, help="the JSON file to write (rank 0)")
    parser.add_argument("--cpu", action="store_true", help="check the probe over gloo")
    args = parser.parse_args(argv)
    comm = dist.init()
    import torch
    import torch.distributed as td

    from tilert import backends

    on_gpu = backends.current().device_kind == "cuda"
    assert on_gpu or args.cpu, "run on GPUs (TILERT_BACKEND=cutile), or pass --cpu"
    assert comm.size >= 2, "start it with python -m tilert.distributed.run -n 2"
    errors: list[str] = []
    comms = communicators(comm, errors) if on_gpu else {"torch": comm}
    torch_comm = comms["torch"]
    meta: dict[str, Any] = {
        "probe": "gpu_probe_allreduce_host",
        "device": (torch.cuda.get_device_name(comm.local_rank) if on_gpu else "cpu (gloo)")
        + f" x{comm.size}",
        "torch": torch.__version__,
        "nccl": ".".join(map(str, torch.cuda.nccl.version())) if on_gpu else None,
        "python": platform.python_version(),
        "cpu": cpu_model(),
        "cpus": len(os.sched_getaffinity(0)),
        "commit": commit(),
        "k": K,
        "bytes": ELEMENTS * 4,
        "env": {k: v for k, v in os.environ.items() if k.startswith(ENV_SHOWN)},
        # the torch transport's all-reduce: _DirectAllReduce (the group's allreduce) or the wrapper
        "all_reduce_call": type(
            getattr(torch_comm.transport, "_issue", {}).get("all_reduce")
        ).__name__,
        "transports": sorted(comms),
        "nccl_library": nccl_library(comms),
        "errors": errors,
        "columns": "us per all-reduce: total (GPU done), host (issued), in torch's call",
    }
    probe = Probe(Path(args.out) if args.out else None, meta, on_gpu)
    x = tr.zeros((ELEMENTS,))
    if probe.rank0:
        print(
            f"{meta['device']}, torch {meta['torch']}, NCCL {meta['nccl']}; "
            f"{K} all-reduces of 1 MiB a run"
        )
        print(f"{'us per all-reduce':<58}{'total':>9}{'host':>9}{'in torch':>9}")
    started = time.perf_counter()
    torch_rows(probe, x, torch_comm)
    td.barrier()
    tilert_rows(probe, x, torch_comm)
    td.barrier()
    nccl_comm = comms.get("nccl")
    if nccl_comm is not None:
        nccl_rows(probe, x, nccl_comm)
        td.barrier()
        tilert_rows(probe, x, nccl_comm, "tilert[nccl]")
        td.barrier()
    found = profiles(probe, x, comms)
    probe.save(profiles=found, seconds=round(time.perf_counter() - started, 1))
    if probe.rank0:
        for name, text in found.items():
            print(f"\n== cProfile: {name} ({K} all-reduces), top 25 by internal time\n{text}")
        if args.out:
            print(f"wrote {args.out}")
    dist.shutdown()
    if probe.rank0 and on_gpu:  # this host against the CPU machine's (docs/distributed.md)
        probe.save(standin=standin())
    return 0


def cpu_model() -> str:
    """The host's CPU, as /proc/cpuinfo names it."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def standin() -> str:
    """``benchmarks/collective_host_overhead.py`` here, as a process of its own without the
    launcher's environment (tilert's part alone, on the interpreter: this host's speed
    against the machine its table in docs/distributed.md was measured on)."""
    env = {k: v for k, v in os.environ.items() if k not in LAUNCHED}
    env["TILERT_BACKEND"] = "interpret"
    script = Path(__file__).with_name("collective_host_overhead.py")
    try:
        done = subprocess.run(
            [sys.executable, str(script), "--k", "50", "200"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        text = done.stdout + done.stderr
    except Exception as exc:
        text = f"failed: {type(exc).__name__}: {exc}"
    print(f"\n== collective_host_overhead.py on this host (the stand-in)\n{text}", flush=True)
    return text


if __name__ == "__main__":
    sys.exit(main())
