"""``python -m tilert.models.qwen3``: greedy generation with a Qwen3 checkpoint (``--model
DIR``, the Hugging Face layout) or random weights of a released shape (``--random 4B``),
streaming the text and then printing the prompt's and the decode's tokens per second.

``--tp N`` splits the model over N GPUs (tensor parallelism, ``parallel.Qwen3TP``), one
process each: ``python -m tilert.distributed.run -n N -m tilert.models.qwen3 --tp N ...``;
rank 0 prints, the others are silent. ``--small-all-reduce symm`` sends the step's all-reduces
through torch's symmetric memory (``tilert.distributed.init(small_all_reduce="symm")``)."""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from collections.abc import Sequence
from typing import TextIO

import tilert as tr
import tilert.distributed as dist
from tilert.distributed import Communicator, Environment
from tilert.kernels._common import on_gpu
from tilert.models.qwen3.config import SIZES, load_config
from tilert.models.qwen3.engine import Qwen3
from tilert.models.qwen3.parallel import Qwen3TP, shard
from tilert.models.qwen3.tokenizer import TextStream, load_tokenizer
from tilert.models.qwen3.weights import Weights, load_weights, random_weights

DTYPES = {"bf16": tr.bf16, "f16": tr.f16, "f32": tr.f32}


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m tilert.models.qwen3", description=__doc__)
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--model", metavar="DIR", help="a checkpoint folder (config.json, ...)")
    source.add_argument("--random", metavar="SIZE", choices=list(SIZES), help="random weights")
    p.add_argument("--prompt", default="Hello", help="the prompt's text")
    p.add_argument("--max-new-tokens", type=int, default=64, metavar="N")
    p.add_argument(
        "--dtype", choices=list(DTYPES), help="weights' dtype (default: bf16 on the GPU, f32 here)"
    )
    p.add_argument("--seed", type=int, default=0, help="of the random weights")
    p.add_argument(
        "--tp",
        type=int,
        default=1,
        metavar="N",
        help="tensor parallel over N GPUs, one process each (the launcher's world size)",
    )
    p.add_argument(
        "--small-all-reduce",
        choices=["nccl", "symm"],
        default=None,
        help="with --tp: the step's all-reduces through NCCL or torch's symmetric memory "
        "(default: $TILERT_SMALL_ALLREDUCE, else nccl; docs/distributed.md)",
    )
    args = p.parse_args(argv)
    if args.max_new_tokens < 1:
        p.error("--max-new-tokens must be at least 1")
    if args.tp < 1:
        p.error("--tp must be at least 1")
    return args


def join(tp: int, small_all_reduce: str | None = None) -> tuple[Communicator | None, bool]:
    """This process's communicator for ``--tp`` (None on one device) and whether it was
    started here, with ``small_all_reduce`` (a test's ranks have theirs already); a
    ValueError when the world's size is not ``tp``."""
    how = f"python -m tilert.distributed.run -n {tp} -m tilert.models.qwen3 --tp {tp} ..."
    if tp == 1:
        size = Environment.read(os.environ).world_size
        if size != 1:
            raise ValueError(
                f"--tp 1 (the default) in a world of {size} processes: pass --tp {size}"
            )
        return None, False
    try:
        return dist.communicator(), False
    except RuntimeError:  # none yet: this process is one of the launcher's (or alone)
        comm = dist.init(small_all_reduce=small_all_reduce)
    if comm.size != tp:
        dist.shutdown()
        raise ValueError(
            f"--tp {tp} needs a world of {tp} processes, one per GPU ({how}); this one has "
            f"{comm.size}"
        )
    return comm, True


def load(args: argparse.Namespace) -> Weights:
    dtype = DTYPES[args.dtype or ("bf16" if on_gpu() else "f32")]
    if args.model is not None:
        return load_weights(args.model, load_config(args.model), dtype)
    return random_weights(SIZES[args.random], dtype, args.seed)


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = parse(argv)
    try:
        comm, started = join(args.tp, args.small_all_reduce)
    except ValueError as exc:
        print(f"python -m tilert.models.qwen3: {exc}", file=sys.stderr)
        return 2
    try:
        if comm is not None and comm.rank != 0:  # the same work, silent
            return generate(args, comm, io.StringIO(), io.StringIO())
        return generate(args, comm, out, sys.stderr)
    finally:
        if started:
            dist.shutdown()


def generate(args: argparse.Namespace, comm: Communicator | None, out: TextIO, log: TextIO) -> int:
    start = time.perf_counter()
    weights = load(args)
    tokenizer = load_tokenizer(args.model)
    ids = tokenizer.encode(args.prompt)
    if not ids:
        print("the prompt has no tokens: give some text with --prompt", file=log)
        return 2
    max_seq = len(ids) + args.max_new_tokens
    engine: Qwen3
    where = tr.Device().name
    if comm is None:
        engine = Qwen3(weights, max_seq)
    else:
        weights = shard(weights, comm.rank, comm.size)  # (the whole model's go)
        engine = Qwen3TP(weights, max_seq, comm)
        where = f"each of {comm.size} x {where}, tensor parallel"
    c = weights.config
    print(
        f"[{args.model or 'random ' + args.random}: {c.num_hidden_layers} layers, hidden "
        f"{c.hidden_size}, {weights.dtype.name}, {weights.decode_bytes() / 1e9:.2f} GB on "
        f"{where}; ready in {time.perf_counter() - start:.1f} s]",
        file=log,
    )
    stream = TextStream(tokenizer)
    out.write(args.prompt)
    out.flush()
    stamps = [time.perf_counter()]  # then one per token
    for token in engine.generate(ids, args.max_new_tokens):
        stamps.append(time.perf_counter())
        out.write(stream.push(token))
        out.flush()
        if token in c.eos_token_ids:
            break
    out.write(stream.finish() + "\n")
    # the step that captures the graph is the first, or the second after an eager one
    print(
        rates(len(ids), stamps, 2 if comm is not None and comm.needs_eager_first else 1), file=log
    )
    return 0


def rates(prompt: int, stamps: list[float], warm: int = 1) -> str:
    """The prompt's rate (to its token) and the decode's, from step ``warm + 1`` on (the
    first ``warm`` include the one that captures the step's graph)."""
    took = stamps[1] - stamps[0]
    line = f"[prompt: {prompt} tokens in {took * 1e3:.1f} ms, {prompt / took:.1f} tokens/s"
    steps = len(stamps) - 2  # tokens from decode steps
    if steps > warm:
        rate = (steps - warm) / (stamps[-1] - stamps[1 + warm])
        line += f"; decode: {steps} tokens, {rate:.1f} tokens/s"
    return line + "]"


if __name__ == "__main__":
    sys.exit(main())
