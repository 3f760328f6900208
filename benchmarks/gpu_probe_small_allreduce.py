"""Probe: how fast a small all-reduce can be on two GPUs, for the tensor-parallel decode (its
72 all-reduces of 8 KiB a token took 17 us each inside the decode graph on 2x H100; 1.6x one
GPU needs about 6 us). Each rank times, for 8 KiB, 64 KiB and 1 MiB of bf16, 100 all-reduces in
a row, eager (a loop of calls, CUDA events around it) and captured in one CUDA graph
(``torch.cuda.graph``, replays timed with events), by:

  nccl          ``torch.distributed.all_reduce`` (NCCL, the protocol NCCL picks, or the one
                ``--proto`` sets: NCCL reads NCCL_PROTO when its communicator starts, so each
                protocol is a separate run of this script);
  symm-1shot    torch's symmetric memory: copy into a rendezvoused buffer, then
                ``torch.ops.symm_mem.one_shot_all_reduce_out`` into the (tilert-owned) tensor;
  symm-2shot    the same with ``two_shot_all_reduce_`` in the buffer, then a copy out;
  symm-1shot-copy  ``one_shot_all_reduce_copy_out`` (the copy in done by the kernel, the
                result in a second tensor, copied back), where this torch has it.

No NVLink multicast anywhere (NCCL_NVLS_ENABLE=0 is set before NCCL starts; no ``multimem_*``
op is called). Each variant runs in its own try/except: one that fails is reported and the
rest still run. Results are checked against the exact sum before they are timed. Rank 0
prints a table and, with $OUT set, writes ``$OUT/small-allreduce-<proto>.json``.

    python -m tilert.distributed.run -n 2 benchmarks/gpu_probe_small_allreduce.py
    python -m tilert.distributed.run -n 2 benchmarks/gpu_probe_small_allreduce.py --proto LL
    python -m tilert.distributed.run -n 2 benchmarks/gpu_probe_small_allreduce.py --proto LL128
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
import warnings
from collections.abc import Callable
from typing import Any

SIZES = (8 << 10, 64 << 10, 1 << 20)  # bytes
K = 100  # all-reduces per timed run
ROUNDS = 5  # timed runs; the best is kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--proto", default="default", help="NCCL_PROTO (LL, LL128, Simple)")
    args = parser.parse_args(argv)
    os.environ["NCCL_NVLS_ENABLE"] = "0"  # read when NCCL starts, below
    if args.proto != "default":
        os.environ["NCCL_PROTO"] = args.proto

    import torch
    import torch.distributed as td

    import tilert as tr
    import tilert.distributed as dist

    comm = dist.init()  # makes GPU LOCAL_RANK tilert's and torch's, starts NCCL
    device = torch.device("cuda", comm.local_rank)
    rank, size = comm.rank, comm.size
    rows: list[dict[str, Any]] = []
    errors: list[str] = []

    def note(what: str, exc: BaseException) -> None:
        errors.append(f"{what}: {type(exc).__name__}: {exc}")
        if rank == 0:
            traceback.print_exc()

    symm = _symmetric_memory(torch, td, note)
    for nbytes in SIZES:
        n = nbytes // 2  # bf16 elements
        ours = tr.zeros((n,), dtype=tr.bf16)  # the tilert-owned tensor the result lands in
        x = torch.from_dlpack(ours)  # the same memory
        for name, make in _variants(torch, td, symm, device, n).items():
            what = f"{name} {_label(nbytes)}"
            try:
                step = make(x)
                if step is None:
                    continue
                _check(torch, step, x, rank, size)
                for mode, seconds in _timed(torch, td, step, x).items():
                    rows.append(_row(name, mode, nbytes, seconds, args.proto))
            except Exception as exc:  # keep the other variants
                note(what, exc)
            torch.cuda.synchronize()
            td.barrier()
    if rank == 0:
        _print(rows, errors, args.proto, torch.cuda.get_device_name(device))
        out = os.environ.get("OUT")
        if out:
            path = os.path.join(out, f"small-allreduce-{args.proto}.json")
            doc = {
                "device": torch.cuda.get_device_name(device),
                "world_size": size,
                "torch": torch.__version__,
                "nccl_proto": args.proto,
                "k": K,
                "rows": rows,
                "errors": errors,
            }
            with open(path, "w") as f:
                json.dump(doc, f, indent=1)
            print(f"wrote {path}")
    dist.shutdown()
    return 0


Step = Callable[[], None]


def _symmetric_memory(torch: Any, td: Any, note: Callable[[str, BaseException], None]) -> Any:
    """torch's symmetric-memory module with this world's group enabled, or None (reported)."""
    try:
        import torch.distributed._symmetric_memory as symm_mem

        group_name = td.group.WORLD.group_name
        enable = getattr(symm_mem, "enable_symm_mem_for_group", None)
        if enable is not None:  # older torch needs it; newer ones deprecate it (a no-op)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                enable(group_name)
        return symm_mem
    except Exception as exc:
        note("symmetric memory", exc)
        return None


def _variants(
    torch: Any, td: Any, symm: Any, device: Any, n: int
) -> dict[str, Callable[[Any], Step | None]]:
    """Each variant: given ``x`` (the tilert tensor as torch sees it), one all-reduce of it in
    place, as a function (None: not in this torch)."""

    def nccl(x: Any) -> Step:
        return lambda: td.all_reduce(x)

    def symm_buffer() -> tuple[Any, str]:
        buf = symm.empty(n, dtype=torch.bfloat16, device=device)
        group_name = td.group.WORLD.group_name
        symm.rendezvous(buf, group_name)  # a collective: every rank, in this order
        return buf, group_name

    def one_shot(x: Any) -> Step:
        buf, group = symm_buffer()
        op = torch.ops.symm_mem.one_shot_all_reduce_out

        def step() -> None:
            buf.copy_(x)
            op(buf, "sum", group, x)

        return step

    def two_shot(x: Any) -> Step:
        buf, group = symm_buffer()
        op = torch.ops.symm_mem.two_shot_all_reduce_

        def step() -> None:
            buf.copy_(x)
            op(buf, "sum", group)
            x.copy_(buf)

        return step

    def one_shot_copy(x: Any) -> Step | None:
        op = getattr(torch.ops.symm_mem, "one_shot_all_reduce_copy_out", None)
        if op is None:
            return None
        buf, group = symm_buffer()
        y = torch.empty_like(x)  # (its output apart from its input: the kernel reads both)

        def step() -> None:
            op(buf, x, "sum", group, y)
            x.copy_(y)

        return step

    found: dict[str, Callable[[Any], Step | None]] = {"nccl": nccl}
    if symm is not None:
        found.update({"symm-1shot": one_shot, "symm-2shot": two_shot})
        found["symm-1shot-copy"] = one_shot_copy
    return found


def _check(torch: Any, step: Step, x: Any, rank: int, size: int) -> None:
    """One all-reduce of distinct small integers (exact in bf16) gives their sum."""
    values = (torch.arange(x.numel(), device=x.device) % 7 + 1 + rank).to(torch.bfloat16)
    x.copy_(values)
    step()
    torch.cuda.synchronize()
    base = (torch.arange(x.numel(), device=x.device) % 7 + 1).float()
    expected = base * size + sum(range(size))
    if not torch.equal(x.float(), expected):
        bad = int((x.float() != expected).sum())
        raise AssertionError(f"{bad} of {x.numel()} elements differ from the sum")
    x.zero_()  # zeros stay zeros however often they are reduced


def _timed(torch: Any, td: Any, step: Step, x: Any) -> dict[str, float]:
    """Seconds per all-reduce, eager and replayed from a CUDA graph of K, best of ROUNDS."""
    found: dict[str, float] = {}
    for _ in range(3):  # warm (NCCL's first use of a buffer, lazy kernels)
        step()
    torch.cuda.synchronize()
    found["eager"] = _best(torch, td, lambda: [step() for _ in range(K)])
    try:
        side = torch.cuda.Stream()  # torch.cuda.graph warms up on a side stream itself
        graph = torch.cuda.CUDAGraph()
        torch.cuda.synchronize()
        with torch.cuda.graph(graph, stream=side):
            for _ in range(K):
                step()
        graph.replay()
        torch.cuda.synchronize()
        found["graph"] = _best(torch, td, graph.replay)
    except Exception as exc:
        print(f"graph capture failed: {type(exc).__name__}: {exc}", file=sys.stderr)
    return found


def _best(torch: Any, td: Any, run: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        td.barrier()
        torch.cuda.synchronize()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        run()
        end.record()
        end.synchronize()
        best = min(best, start.elapsed_time(end) / 1e3 / K)
    return best


def _row(name: str, mode: str, nbytes: int, seconds: float, proto: str) -> dict[str, Any]:
    return {
        "variant": name,
        "mode": mode,
        "bytes": nbytes,
        "us": round(seconds * 1e6, 2),
        "nccl_proto": proto,
    }


def _label(nbytes: int) -> str:
    return f"{nbytes >> 10} KiB" if nbytes < 1 << 20 else f"{nbytes >> 20} MiB"


def _print(rows: list[dict[str, Any]], errors: list[str], proto: str, device: str) -> None:
    print(
        f"small all-reduces, bf16, {K} in a row, us each (best of {ROUNDS}); {device}, "
        f"NCCL_PROTO={proto}, NCCL_NVLS_ENABLE=0"
    )
    names = list(dict.fromkeys(r["variant"] for r in rows))
    header = f"{'variant':<16}{'mode':<7}" + "".join(f"{_label(b):>10}" for b in SIZES)
    print(header)
    for name in names:
        for mode in ("eager", "graph"):
            cells = {
                r["bytes"]: r["us"] for r in rows if r["variant"] == name and r["mode"] == mode
            }
            if cells:
                line = "".join(f"{cells[b]:>10.2f}" if b in cells else f"{'-':>10}" for b in SIZES)
                print(f"{name:<16}{mode:<7}{line}")
    for error in errors:
        print(f"failed: {error}")


if __name__ == "__main__":
    sys.exit(main())
