"""All-reduce bus bandwidth on two GPUs: ``tilert.distributed.all_reduce`` through each of its
transports against ``torch.distributed.all_reduce`` on the same buffers (the same memory),
from 1 MiB to 1 GiB, inside one run. Rank 0 prints a table and writes
``<out>/<date>-<gpu>-distributed.json`` (the rows as the other gpu_bench_*.py write them).

Rows (``ratio``: ours relative to torch, higher is better; GB/s of bus bandwidth, NCCL's
``2 * (n - 1) / n * bytes / time`` for n ranks; ``transport``: which of tilert's):
``allreduce-vs-torch-distributed-<size>``: tilert through torch's NCCL process group (the
torch transport, what these rows measured before tilert had its own NCCL calls), issued
eagerly, k all-reduces back to back with no host wait between them (ours a ``.then`` chain
submitted once, torch's a loop of calls), timed with CUDA events around the k on the one
stream all use (tilert follows torch's current stream), best of 5 interleaved rounds;
``allreduce-nccl-vs-torch-distributed-<size>``: the same through NCCL's C API (the NCCL
transport, its own communicator; the default), timed in the same rounds against the same
torch timings;
``allreduce-graph-vs-torch-graph-<size>`` and ``allreduce-nccl-graph-vs-torch-graph-<size>``:
the k captured in a graph (``tr.graph()`` against ``torch.cuda.graph``) and replayed, as a
decode step replays its collectives; each transport's graph timed in rounds of its own against
the one torch graph (a tilert graph holds its tensor until closed: one at a time).

One command, on a machine with two GPUs:
    python -m tilert.distributed.run -n 2 benchmarks/gpu_bench_distributed.py --out DIR"""

from __future__ import annotations

import argparse
import datetime
import sys
import traceback
from collections.abc import Callable
from functools import reduce
from pathlib import Path
from typing import Any

import numpy as np
from bench_record import commit, write

import tilert as tr
import tilert.distributed as dist

ROOT = Path(__file__).resolve().parent.parent
MIB = 1 << 20
SIZES = [MIB << s for s in range(0, 11, 2)]  # 1, 4, 16, 64, 256 MiB and 1 GiB
ROUNDS = 5


def bus_bandwidth(nbytes: int, seconds: float, ranks: int) -> float:
    """GB/s an all-reduce of ``nbytes`` moves over the slowest link (NCCL's "busbw")."""
    return 2 * (ranks - 1) / ranks * nbytes / seconds / 1e9


def repeats(nbytes: int) -> int:
    """All-reduces per timed run: about 2 GiB moved per run, 5 to 200 of them."""
    return max(5, min(200, (2 << 30) // nbytes))


def row(name: str, nbytes: int, ours: float, theirs: float, k: int) -> dict[str, Any]:
    """One comparison (the format of benchmarks/gpu_bench_*.py), from seconds per op."""
    ranks = dist.world_size()
    a, b = bus_bandwidth(nbytes, ours, ranks), bus_bandwidth(nbytes, theirs, ranks)
    print(f"{name:42s} ours {a:8.1f} GB/s  torch {b:8.1f} GB/s  ratio {a / b:.3f}", flush=True)
    return {
        "name": name,
        "ours": round(a, 3),
        "baseline": round(b, 3),
        "unit": "GB/s",
        "ratio": round(a / b, 3),
        "bytes": nbytes,
        "us_ours": round(ours * 1e6, 2),
        "us_baseline": round(theirs * 1e6, 2),
        "repeats": k,
    }


# A case issues k all-reduces and returns what to call once they are timed (ours: the wait
# that releases the borrows; it is not timed, as torch's calls have none)
Case = Callable[[], Callable[[], Any] | None]
# tilert's transports, each a communicator over the one process group: row name's infix, and the
# transport's name in the JSON
TRANSPORTS = {"torch": "", "nccl": "nccl-"}
BASELINE = "torch.distributed"  # the case timing torch's own calls


def timed(cases: dict[str, Case], k: int) -> dict[str, float]:
    """Seconds per all-reduce of each case: CUDA events around each run on torch's current
    stream (tilert's ops run there too), rounds interleaved, best kept."""
    import torch
    import torch.distributed as td

    for fn in cases.values():  # warm up (NCCL's first use of a buffer, graph uploads)
        after = fn()
        if after is not None:
            after()
    torch.cuda.synchronize()
    best = dict.fromkeys(cases, float("inf"))
    for _ in range(ROUNDS):
        for name, fn in cases.items():
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            after = fn()
            end.record()
            end.synchronize()
            if after is not None:
                after()
            best[name] = min(best[name], start.elapsed_time(end) / 1e3 / k)
        td.barrier()
    return best


def eager(
    x: tr.Tensor[Any], xt: Any, k: int, comms: dict[str, dist.Communicator]
) -> dict[str, Case]:
    """k all-reduces issued back to back: ours a chain per transport (one submit; waited after
    the end), torch's a loop."""
    import torch.distributed as td

    def ours(comm: dist.Communicator) -> Case:
        def issue() -> Callable[[], Any]:
            chain = reduce(lambda op, _: op.then(comm.all_reduce), range(k - 1), comm.all_reduce(x))
            return chain.submit().wait

        return issue

    def theirs() -> None:
        for _ in range(k):
            td.all_reduce(xt)

    return {**{name: ours(comm) for name, comm in comms.items()}, BASELINE: theirs}


def torch_graph(xt: Any, k: int) -> Case:
    """k of torch's all-reduces captured once in a CUDA graph, replayed per run."""
    import torch
    import torch.distributed as td

    tg = torch.cuda.CUDAGraph()
    with torch.cuda.graph(tg):
        for _ in range(k):
            td.all_reduce(xt)
    return lambda: tg.replay()


def tilert_graph(x: tr.Tensor[Any], k: int, comm: dist.Communicator) -> tuple[Case, Any]:
    """k all-reduces through ``comm`` captured once in a ``tr.graph()``, replayed per run; the
    graph (which holds ``x`` until closed, so one transport's at a time)."""
    with tr.graph() as g:
        for _ in range(k):
            g.record(comm.all_reduce(x))
    return (lambda: g.launch().wait), g


def check(x: tr.Tensor[Any], xt: Any, comms: dict[str, dist.Communicator]) -> None:
    """Every side reduces what the ranks hold: ones summed over the world."""
    import torch

    expected = float(dist.world_size())
    for name, comm in comms.items():
        x.copy_from(np.ones(x.shape, np.float32))
        comm.all_reduce(x).sync()
        got = x.to_numpy()[:: max(1, x.size // 4096)]
        assert np.all(got == expected), f"{name} transport: {got[:4]}..., not {expected}"
    xt.fill_(1.0)
    torch.distributed.all_reduce(xt)
    assert float(xt.min()) == float(xt.max()) == expected
    x.copy_from(np.zeros(x.shape, np.float32))  # zeros stay zeros, however often reduced


def bench(
    sizes: list[int],
    comms: dict[str, dist.Communicator],
    results: list[dict[str, Any]],
    errors: list[str],
) -> None:
    import torch

    for nbytes in sizes:
        label = f"{nbytes // MIB}MiB" if nbytes < 1 << 30 else f"{nbytes >> 30}GiB"
        k = repeats(nbytes)
        x = tr.zeros((nbytes // 4,))  # f32
        xt = torch.from_dlpack(x)  # the same memory
        check(x, xt, comms)
        eager_names = {t: f"allreduce-{TRANSPORTS[t]}vs-torch-distributed-{label}" for t in comms}
        try:  # every transport's chain and torch's loop, timed in the same rounds
            seconds = timed(eager(x, xt, k, comms), k)
            for transport, name in eager_names.items():
                found = row(name, nbytes, seconds[transport], seconds[BASELINE], k)
                results.append({**found, "transport": transport})
        except Exception as exc:  # keep the other rows; report the failure
            traceback.print_exc()
            errors.extend(f"{name}: {exc!r}" for name in eager_names.values())
        try:
            replay = torch_graph(xt, k)
        except Exception as exc:
            traceback.print_exc()
            errors.append(f"torch.cuda.graph of {k} all-reduces of {label}: {exc!r}")
            replay = None
        for transport, comm in comms.items() if replay is not None else ():
            # one tilert graph at a time (each holds x), against the same torch graph
            name = f"allreduce-{TRANSPORTS[transport]}graph-vs-torch-graph-{label}"
            graph = None
            try:
                ours, graph = tilert_graph(x, k, comm)
                seconds = timed({transport: ours, BASELINE: replay}, k)
                found = row(name, nbytes, seconds[transport], seconds[BASELINE], k)
                results.append({**found, "transport": transport})
            except Exception as exc:
                traceback.print_exc()
                errors.append(f"{name}: {exc!r}")
            finally:
                if graph is not None:
                    graph.close()
        del xt
        torch.cuda.synchronize()


def communicators(comm: dist.Communicator, errors: list[str]) -> dict[str, dist.Communicator]:
    """Both transports over the one process group: ``comm`` (``init``'s) and the other, made
    here; the NCCL one left out, its reason in ``errors``, where NCCL's C API does not load."""
    import torch
    import torch.distributed as td

    from tilert.distributed.nccl_transport import NcclTransport
    from tilert.distributed.torch_transport import TorchTransport

    found: dict[str, dist.Communicator] = {}
    if isinstance(comm.transport, NcclTransport):
        found["nccl"] = comm
        found["torch"] = dist.Communicator(
            TorchTransport.over(torch, td, True, comm.local_rank), comm.local_rank
        )
    else:
        found["torch"] = comm
        try:
            nccl = NcclTransport.over(torch, td, comm.local_rank)
            found["nccl"] = dist.Communicator(nccl, comm.local_rank)
        except Exception as exc:
            traceback.print_exc()
            errors.append(f"nccl transport: {exc!r}")
    return {name: found[name] for name in TRANSPORTS if name in found}


def nccl_library(comms: dict[str, dist.Communicator]) -> dict[str, Any] | None:
    """The NCCL library the NCCL transport calls: its path and version."""
    comm = comms.get("nccl")
    lib = getattr(comm.transport, "lib", None) if comm is not None else None
    if lib is None:
        return None
    from tilert.distributed._nccl import version_text

    return {"path": lib.path, "version": version_text(lib.version)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    parser.add_argument("--max-mib", type=int, default=1024, help="largest buffer, MiB")
    args = parser.parse_args(argv)
    comm = dist.init()
    import torch

    from tilert import backends

    assert backends.current().device_kind == "cuda", "run on GPUs (TILERT_BACKEND=cutile)"
    assert comm.size >= 2, "start it with python -m tilert.distributed.run -n 2"
    results: list[dict[str, Any]] = []
    errors: list[str] = []
    comms = communicators(comm, errors)
    bench([s for s in SIZES if s <= args.max_mib * MIB], comms, results, errors)
    if comm.rank == 0:
        device = torch.cuda.get_device_name(comm.local_rank)
        date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
        doc = {
            "device": f"{device} x{comm.size}",
            "date": date,
            "commit": commit(),
            "comparisons": results,
            "errors": errors,
            "world_size": comm.size,
            "torch": torch.__version__,
            "nccl": ".".join(map(str, torch.cuda.nccl.version())),
            "transports": sorted(comms),
            "nccl_library": nccl_library(comms),
        }
        write(args.out, doc, device, "distributed")
    dist.shutdown()
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
