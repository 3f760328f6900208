"""Where the two-GPU decode step's time goes (issue 22): the Qwen3-8B shape (random bf16
weights made on each GPU from one seed), batch 1, after a prompt of ``--context`` tokens; each
step captured once in a graph and replayed ``--replays`` times (best of ``--rounds``), in
milliseconds per step:

* ``built``: ``Qwen3TP`` as built (the residual stream in NCCL windows, the LM head split by
  vocabulary: one head slice, two all-gathers, the pick);
* ``no-allreduce``: the same step with its 72 all-reduces left out (nonsense values: only the
  time counts);
* ``no-head``: the same step with the head, its all-gathers and the pick left out;
* ``no-allreduce-no-head``: both left out (the layers' kernels alone);
* ``plain-buffers``: as built but the residual stream in ordinary tensors (NCCL's plain
  all-reduce, not the window's symmetric kernel);
* ``one-gpu``: ``Qwen3`` on GPU 0 alone, the whole model (rank 1 waits).

Then collectives alone, each in a graph of ``2 x layers`` of them (a step's count), replayed:
an all-reduce of one hidden vector (8 KiB bf16) in windows against ordinary tensors, and the
logits' all-gather (per rank ``vocab / 2`` bf16) both ways. Rows (``ratio``: ours over the
baseline) go to ``$OUT``-style JSON (``--out``), the benchmark format (bench_record.write);
every variant fails alone (its error in ``errors``). Under three minutes on two H100s with the
default arguments (most of it making the weights and the engines).

    TILERT_BACKEND=cutile python -m tilert.distributed.run -n 2 \
        benchmarks/gpu_probe_tp_step.py --out $OUT"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
from bench_record import commit, write
from gpu_bench_qwen3 import comparison
from gpu_bench_tp import barrier, model, shape

import tilert as tr
import tilert.distributed as dist
from tilert.distributed import Communicator
from tilert.models.qwen3 import Qwen3, Qwen3TP, Weights, shard
from tilert.models.qwen3.buffers import StepBuffers
from tilert.ops import Op


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="folder of the JSON")
    p.add_argument("--size", default="8B")
    p.add_argument("--layers", type=int, default=None, help="fewer layers (default: the size's)")
    p.add_argument("--context", type=int, default=512, help="prompt tokens before the steps")
    p.add_argument("--replays", type=int, default=30, help="replays timed per round")
    p.add_argument("--rounds", type=int, default=3, help="rounds (the best is kept)")
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args(argv)


class NoAllReduce(Qwen3TP):
    """The step without its all-reduces (every rank's partial sums left as they are)."""

    def _all_reduce(self, t: tr.Tensor[Any]) -> Iterator[Op]:
        return iter(())


class NoHead(Qwen3TP):
    """The step without the LM head, its all-gathers and the pick."""

    def _step_head(self) -> Iterator[Op]:
        return iter(())


class Neither(NoAllReduce, NoHead):
    """The layers' kernels alone."""


class PlainBuffers(Qwen3TP):
    """The residual stream in ordinary tensors: NCCL's plain all-reduce."""

    def _step_buffers(self) -> StepBuffers:
        return StepBuffers(self.config, self.cache, self.weights.dtype, None, self.vocab.logits)


VARIANTS: dict[str, type[Qwen3TP]] = {
    "built": Qwen3TP,
    "no-allreduce": NoAllReduce,
    "no-head": NoHead,
    "no-allreduce-no-head": Neither,
    "plain-buffers": PlainBuffers,
}


def step_ms(engine: Qwen3, prompt: list[int], replays: int, rounds: int) -> float:
    """Milliseconds per replay of the captured step (best round), after the prompt."""
    engine.prefill(prompt)
    g = engine.capture()
    try:
        for _ in range(3):
            g.launch().wait()
        best = float("inf")
        for _ in range(rounds):  # (each replay waited for, as generate() does)
            start = time.perf_counter()
            for _ in range(replays):
                g.launch().wait()
            best = min(best, (time.perf_counter() - start) / replays)
        return best * 1e3
    finally:
        g.close()


def graph_us(make: Callable[[], tr.Tensor[Any]], issue: Callable[[Any], Op], count: int) -> float:
    """Microseconds per collective: ``count`` of them (``issue(tensor)``, each on its own
    ``make()`` tensor) in one graph, 20 replays after 3."""
    xs = [make() for _ in range(count)]
    with tr.graph() as g:
        for x in xs:
            g.record(issue(x))
    try:
        for _ in range(3):
            g.launch().wait()
        start = time.perf_counter()
        for _ in range(20):
            g.launch().wait()
        return (time.perf_counter() - start) / 20 / count * 1e6
    finally:
        g.close()


def collectives(comm: Communicator, hidden: int, vocab: int, count: int) -> dict[str, float]:
    """The all-reduce of a hidden vector (``count`` to a graph: a step's) and the logits'
    all-gather (8 to a graph), in windows and in ordinary tensors."""
    found: dict[str, float] = {}
    found.update(
        _timed(comm, "window", lambda dims: comm.zeros(dims, tr.bf16), hidden, vocab, count)
    )
    found.update(
        _timed(comm, "plain", lambda dims: tr.zeros(dims, dtype=tr.bf16), hidden, vocab, count)
    )
    return found


def _timed(
    comm: Communicator,
    where: str,
    make: Callable[[tuple[int, ...]], tr.Tensor[Any]],
    hidden: int,
    vocab: int,
    count: int,
) -> dict[str, float]:
    per = -(-vocab // comm.size)
    sent = iter([make((comm.size * per,)) for _ in range(8)])
    return {
        f"allreduce-{where}": graph_us(lambda: make((hidden,)), comm.all_reduce, count),
        f"allgather-{where}": graph_us(
            lambda: make((per,)), lambda x: comm.all_gather(next(sent), x), 8
        ),
    }


def run(args: argparse.Namespace, comm: Communicator, doc: dict[str, Any]) -> None:
    config = shape(args.size, args.layers)
    rng = np.random.default_rng(0)
    prompt = [int(t) for t in rng.integers(0, config.vocab_size, args.context)]
    max_seq = args.context + (args.rounds * (args.replays + 1) + 8) * 2
    lead = comm.rank == 0
    full = model(config, tr.bf16, args.seed)
    weights: Weights = shard(full, comm.rank, comm.size)
    if not lead:
        del full
    ms: dict[str, float] = {}
    for name, kind in VARIANTS.items():  # (every rank the same engines, in the same order)
        try:
            engine = kind(weights, max_seq, comm)
            ms[name] = step_ms(engine, prompt, args.replays, args.rounds)
            del engine
        except Exception as exc:
            traceback.print_exc()
            doc["errors"].append(f"{name}: {exc!r}")
        print(f"rank {comm.rank}: {name} {ms.get(name, float('nan')):.3f} ms a step", flush=True)
    us: dict[str, float] = {}
    try:
        us = collectives(comm, config.hidden_size, config.vocab_size, 2 * config.num_hidden_layers)
    except Exception as exc:
        traceback.print_exc()
        doc["errors"].append(f"collectives: {exc!r}")
    one = float("nan")
    if lead:
        try:
            one = step_ms(Qwen3(full, max_seq), prompt, args.replays, args.rounds)
        except Exception as exc:
            traceback.print_exc()
            doc["errors"].append(f"one-gpu: {exc!r}")
        del full
    barrier()  # (rank 1 idles here while GPU 0 runs alone)
    if not lead:
        return
    rows = doc["comparisons"]
    doc["step_ms"] = {name: round(v, 4) for name, v in ms.items()} | {"one-gpu": round(one, 4)}
    doc["collective_us"] = {name: round(v, 2) for name, v in us.items()}
    built = ms.get("built")
    if built is not None:  # (ratio: the baseline's time over ours, so above 1 is faster)
        rows.append(comparison("tp2-step-speedup", one, built, "ms"))
        for name in ("no-allreduce", "no-head", "no-allreduce-no-head", "plain-buffers"):
            if name in ms:
                rows.append(comparison(f"tp2-step-{name}", built, ms[name], "ms"))
    for kind in ("allreduce", "allgather"):
        if f"{kind}-window" in us and f"{kind}-plain" in us:
            plain, window = us[f"{kind}-plain"], us[f"{kind}-window"]
            rows.append(comparison(f"{kind}-window-vs-plain", plain, window, "us"))


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    import torch  # type: ignore[import-not-found,unused-ignore]

    comm = dist.init(small_all_reduce="nccl")
    if comm.size != 2:
        print(
            f"gpu_probe_tp_step.py: run it as 2 processes (-n 2), not {comm.size}", file=sys.stderr
        )
        return 2
    os.environ.setdefault("TILERT_CACHE_DIR", tempfile.mkdtemp(prefix=f"tilert-tp-{comm.rank}-"))
    device = torch.cuda.get_device_name(0)
    sha = commit()
    c = shape(args.size, args.layers)
    lib = getattr(comm.transport, "lib", None)
    doc: dict[str, Any] = {
        "device": device,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "commit": sha,
        "comparisons": [],
        "errors": [],
        "shape": f"Qwen3-{args.size} widths, {c.num_hidden_layers} layers, bf16, batch 1",
        "context": args.context,
        "transport": type(comm.transport).__name__,
        "nccl": None if lib is None else {"path": lib.path, "version": lib.version},
        "windows_missing": None if lib is None else lib.windows_missing,
        "note": (
            "rows hold times: ours = the baseline's time, baseline = ours, so ratio > 1 says "
            "how much faster the row's subject is: tp2-step-speedup (ours: one GPU's step, "
            "baseline: the built two-GPU step), tp2-step-<variant> (ours: the built step, "
            "baseline: the variant's: 1 - 1/ratio of the built step is what was left out), "
            "<collective>-window-vs-plain (ours: ordinary tensors, baseline: windows)"
        ),
    }
    try:
        run(args, comm, doc)
    except Exception as exc:
        traceback.print_exc()
        doc["errors"].append(repr(exc))
    finally:
        dist.shutdown()
    if comm.rank != 0:
        return 1 if doc["errors"] else 0
    write(args.out, doc, device, f"tp-step-{sha[:7]}")
    return 1 if doc["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
