"""Tensor-parallel Qwen3 decode on two GPUs against one, same weights, in one run: the Qwen3-8B
shape (hidden 4096, 36 layers, 32 query / 8 KV heads of 128, MLP 12288, vocabulary 151936,
untied), random bf16 weights made on each GPU from one seed (every GPU makes the whole model
with ``random_weights``, whose values depend only on the seed, and keeps its slice), batch 1,
a prompt of ``--context`` tokens. Rank 0 prints the rows and writes
``<out>/<date>-<gpu>-tp-<commit>.json`` (the format of benchmarks/gpu_bench_qwen3.py).

Rows (``ratio``: ours over the baseline, higher is better):
* ``tp2-decode-speedup``: tokens/s of ``Qwen3TP`` on the two GPUs (the captured step with its
  72 all-reduces on tensors in NCCL symmetric windows and the LM head split by vocabulary, two
  all-gathers, replayed per token) against ``Qwen3`` on GPU 0 alone, same weights and prompt,
  run after the two-GPU runs while rank 1 waits at a barrier.
* ``tp2-decode-vs-roofline``: the same two-GPU tokens/s against GPU 0's copy bandwidth (a
  device-to-device copy, measured in this run) over the bytes of weights one GPU reads a step
  (its slice of the layers and of the LM head, and the norms).
* ``tp2-decode-speedup-replicated``, ``tp2-decode-vs-roofline-replicated``: the previous path,
  on the same communicator and weights: every rank the whole LM head, the residual stream in
  ordinary tensors (NCCL's plain all-reduce). ``--no-replicated`` leaves it out.
* ``tp2-decode-speedup-symm``, ``tp2-decode-vs-roofline-symm``: the all-reduces through
  torch's symmetric memory (``small_all_reduce="symm"``: a second communicator over the same
  process group, whose tensors are ordinary; the head split as in the first row), run after
  the NCCL ones on the same weights. ``--small-all-reduce`` nccl or symm runs one of the two
  (default: both).

Also in the JSON: the weight bytes per GPU (per path), the copy GB/s, ``allreduce_us`` (one
all-reduce of a hidden vector inside a graph of a step's 2 x layers of them, replayed; in
windows for the first path, ordinary tensors for the others), and ``greedy_match`` (the two
runs' greedy tokens equal; bf16 sums in another order may part at a near tie of random
weights' logits); ``allreduce_us_<path>`` and ``greedy_match_<path>`` for the others.

On a machine with two GPUs:
    TILERT_BACKEND=cutile python -m tilert.distributed.run -n 2 \
        benchmarks/gpu_bench_tp.py --out DIR"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from typing import Any

import numpy as np
from bench_record import commit, write
from gpu_bench_qwen3 import comparison, copy_bandwidth, engine_decode

import tilert as tr
import tilert.distributed as dist
from tilert.distributed import Communicator
from tilert.distributed.symmetric import SmallAllReduce
from tilert.distributed.torch_transport import TorchTransport
from tilert.models.qwen3 import SIZES, Qwen3, Qwen3Config, Qwen3TP, Weights, random_weights, shard

# the paths timed: rows' suffixes (replicated: the whole LM head on every rank, plain tensors)
ROUTES = {"nccl": "", "replicated": "-replicated", "symm": "-symm"}


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="folder of the JSON")
    p.add_argument("--size", default="8B", choices=[s for s in SIZES if s != "tiny"])
    p.add_argument("--layers", type=int, default=None, help="fewer layers (default: the size's)")
    p.add_argument("--context", type=int, default=512, help="prompt tokens before decoding")
    p.add_argument("--steps", type=int, default=64, help="decode steps timed")
    p.add_argument("--seed", type=int, default=0, help="of the random weights")
    p.add_argument(
        "--small-all-reduce",
        choices=["both", "nccl", "symm"],
        default="both",
        help="the all-reduces' transports timed (symm: torch's symmetric memory)",
    )
    p.add_argument(
        "--prefetch-variants",
        nargs="*",
        default=[],
        metavar="V",
        help="more runs of the first path, in order: `off` (no L2 prefetch, the default) or "
        "`o` (the o projection's beside the attention); rows -prefetch<V>-<i>",
    )
    p.add_argument(
        "--no-replicated",
        action="store_true",
        help="leave out the previous path (the whole LM head on every rank, plain tensors)",
    )
    return p.parse_args(argv)


def shape(size: str, layers: int | None) -> Qwen3Config:
    c = SIZES[size]
    return c if layers is None else dataclasses.replace(c, num_hidden_layers=layers)


def model(config: Qwen3Config, dtype: type[tr.DType], seed: int) -> Weights:
    """The whole model's weights, made on this device from ``seed`` (the same on every GPU)."""
    return random_weights(config, dtype, seed)


def rank_weights(
    config: Qwen3Config, dtype: type[tr.DType], seed: int, rank: int, size: int
) -> Weights:
    """Rank ``rank``'s slice of ``model(config, dtype, seed)`` (the whole goes once sliced)."""
    return shard(model(config, dtype, seed), rank, size)


class ReplicatedHead(Qwen3TP):
    """The path before the vocabulary split and the windows: ``lm_head`` (the whole model's)
    on every rank, the step's tensors ordinary (one device's buffers, head and prompt end)."""

    def __init__(self, weights: Weights, max_seq: int, comm: Communicator, lm_head: Any) -> None:
        super().__init__(dataclasses.replace(weights, lm_head=lm_head), max_seq, comm)

    _step_buffers = Qwen3._step_buffers
    _step_head = Qwen3._step_head
    _prompt_head = Qwen3._prompt_head
    _prompt_logits = Qwen3._prompt_logits


def barrier() -> None:
    """Every rank waits here for the others (a one-element all-reduce)."""
    dist.all_reduce(tr.zeros((1,), dtype=tr.f32)).sync()


def symmetric(comm: Communicator) -> Communicator:
    """A second communicator over ``comm``'s process group whose small all-reduces take
    torch's symmetric memory (a RuntimeError where this torch has none)."""
    import torch  # type: ignore[import-not-found,unused-ignore]
    import torch.distributed as td  # type: ignore[import-not-found,unused-ignore]

    try:
        import torch.distributed._symmetric_memory  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:
        raise RuntimeError(f"no symmetric memory in torch {torch.__version__}") from exc
    small = SmallAllReduce("symm")
    transport = TorchTransport.over(torch, td, True, comm.local_rank, small)
    if transport.small is None:
        raise RuntimeError(f"symmetric memory unavailable in torch {torch.__version__} (logged)")
    return Communicator(transport, comm.local_rank)  # (never closed: the group is comm's)


def allreduce_us(
    comm: Communicator, hidden: int, count: int, windows: bool, replays: int = 20
) -> float:
    """Microseconds per all-reduce of a bf16 ``[hidden]`` vector, ``count`` of them recorded in
    one graph (a decode step's), over ``replays`` replays; with ``windows``, the vectors are
    ``comm.zeros``'s (NCCL windows), else ordinary tensors."""
    xs = [
        comm.zeros((hidden,), tr.bf16) if windows else tr.zeros((hidden,), dtype=tr.bf16)
        for _ in range(count)
    ]
    if comm.needs_eager_first:  # (its symmetric buffer, rendezvoused on first use)
        comm.all_reduce(xs[0]).sync()
    with tr.graph() as g:
        for x in xs:
            g.record(comm.all_reduce(x))
    try:
        for _ in range(3):
            g.launch().wait()
        start = time.perf_counter()
        for _ in range(replays):
            g.launch().wait()
        return (time.perf_counter() - start) / replays / count * 1e6
    finally:
        g.close()


def run(args: argparse.Namespace, comm: Communicator, doc: dict[str, Any]) -> None:
    config = shape(args.size, args.layers)
    prompt = [int(t) for t in np.random.default_rng(0).integers(0, config.vocab_size, args.context)]
    max_seq = args.context + args.steps + 6
    lead = comm.rank == 0
    bandwidth = copy_bandwidth() if lead else 0.0
    start = time.perf_counter()
    full = model(config, tr.bf16, args.seed)  # (GPU 0 keeps it for its one-GPU run)
    weights = shard(full, comm.rank, comm.size)
    whole_head = full.lm_head  # (the replicated path's)
    if not lead:
        del full
    ready = time.perf_counter() - start
    # per route: one all-reduce's us in a graph, (seconds a token, tokens) of an engine over
    # the same weights, one engine at a time (every rank fails alike where symm is missing)
    us: dict[str, float] = {}
    decoded: dict[str, tuple[float, list[int]]] = {}
    routes = {"both": ["nccl", "replicated", "symm"], "nccl": ["nccl", "replicated"]}.get(
        args.small_all_reduce, ["symm"]
    )
    if args.no_replicated:
        routes = [r for r in routes if r != "replicated"]
    if "nccl" in routes:
        routes += [f"prefetch{v}-{i}" for i, v in enumerate(args.prefetch_variants)]
    per_gpu: dict[str, int] = {}
    for route in routes:
        try:
            c = symmetric(comm) if route == "symm" else comm
        except RuntimeError as exc:
            doc["errors"].append(repr(exc))
            continue
        windows = route == "nccl" or route.startswith("prefetch")
        us[route] = allreduce_us(c, config.hidden_size, 2 * config.num_hidden_layers, windows)
        engine: Qwen3TP
        if route == "replicated":
            engine = ReplicatedHead(weights, max_seq, c, whole_head)
        elif route.startswith("prefetch"):
            v = route.removeprefix("prefetch").rsplit("-", 1)[0]
            engine = Qwen3TP(weights, max_seq, c, l2_prefetch=v == "o")
        else:
            engine = Qwen3TP(weights, max_seq, c)
        per_gpu[route] = engine.weights.decode_bytes()
        decoded[route] = engine_decode(engine, prompt, args.steps)
        del engine
    del weights, whole_head
    if lead:
        one = Qwen3(full, max_seq)
        one_s, one_tokens = engine_decode(one, prompt, args.steps)
        one_bytes = full.decode_bytes()
        del one, full
    barrier()  # rank 1 idles here while GPU 0 runs alone
    if not lead:
        return
    rows = doc["comparisons"]
    doc.update(
        weight_bytes_per_gpu=per_gpu,
        weight_bytes_one_gpu=one_bytes,
        copy_gb_s=round(bandwidth, 1),
        ready_s=round(ready, 1),
    )
    for route, (tp_s, tp_tokens) in decoded.items():
        suffix = ROUTES.get(route, f"-{route}")
        roofline = bandwidth * 1e9 / per_gpu[route]
        rows.append(comparison(f"tp2-decode-speedup{suffix}", 1 / tp_s, 1 / one_s, "tokens/s"))
        rows.append(comparison(f"tp2-decode-vs-roofline{suffix}", 1 / tp_s, roofline, "tokens/s"))
        key = suffix.replace("-", "_")
        doc[f"allreduce_us{key}"] = round(us[route], 2)
        doc[f"greedy_match{key}"] = tp_tokens == one_tokens
        print(
            f"one all-reduce of {config.hidden_size * 2} bytes in a graph ({route}): "
            f"{us[route]:.1f} us"
        )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    import torch  # type: ignore[import-not-found,unused-ignore]

    from tilert import backends

    comm = dist.init(small_all_reduce="nccl")  # (the baseline, whatever the environment says)
    assert backends.current().name == "cutile", backends.unavailable_reason("cutile")
    if comm.size != 2:
        print(f"gpu_bench_tp.py: run it as 2 processes (-n 2), not {comm.size}", file=sys.stderr)
        return 2
    os.environ.setdefault("TILERT_CACHE_DIR", tempfile.mkdtemp(prefix=f"tilert-tp-{comm.rank}-"))
    device = torch.cuda.get_device_name(0)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    sha = commit()
    c = shape(args.size, args.layers)
    doc: dict[str, Any] = {
        "device": device,
        "date": date,
        "commit": sha,
        "comparisons": [],
        "errors": [],
        "shape": f"Qwen3-{args.size} widths, {c.num_hidden_layers} layers, bf16, batch 1",
        "context": args.context,
        "steps": args.steps,
        "gpus": comm.size,
    }
    try:
        run(args, comm, doc)
    except Exception as exc:  # rank 0 writes what was measured, with the failure
        traceback.print_exc()
        doc["errors"].append(repr(exc))
    finally:
        dist.shutdown()
    if comm.rank != 0:
        return 1 if doc["errors"] else 0
    write(args.out, doc, device, f"tp-{sha[:7]}")
    return 1 if doc["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
