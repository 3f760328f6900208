"""``python -m tilert.models.qwen3``: greedy generation with a Qwen3 checkpoint (``--model
DIR``, the Hugging Face layout) or random weights of a released shape (``--random 4B``),
streaming the text and then printing the prompt's and the decode's tokens per second."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import TextIO

import tilert as tr
from tilert.kernels._common import on_gpu
from tilert.models.qwen3.config import SIZES, load_config
from tilert.models.qwen3.engine import Qwen3
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
    args = p.parse_args(argv)
    if args.max_new_tokens < 1:
        p.error("--max-new-tokens must be at least 1")
    return args


def load(args: argparse.Namespace) -> Weights:
    dtype = DTYPES[args.dtype or ("bf16" if on_gpu() else "f32")]
    if args.model is not None:
        return load_weights(args.model, load_config(args.model), dtype)
    return random_weights(SIZES[args.random], dtype, args.seed)


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = parse(argv)
    start = time.perf_counter()
    weights = load(args)
    tokenizer = load_tokenizer(args.model)
    ids = tokenizer.encode(args.prompt)
    if not ids:
        print("the prompt has no tokens: give some text with --prompt", file=sys.stderr)
        return 2
    engine = Qwen3(weights, max_seq=len(ids) + args.max_new_tokens)
    c = weights.config
    print(
        f"[{args.model or 'random ' + args.random}: {c.num_hidden_layers} layers, hidden "
        f"{c.hidden_size}, {weights.dtype.name}, {weights.decode_bytes() / 1e9:.2f} GB on "
        f"{tr.Device().name}; ready in {time.perf_counter() - start:.1f} s]",
        file=sys.stderr,
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
    print(rates(len(ids), stamps), file=sys.stderr)
    return 0


def rates(prompt: int, stamps: list[float]) -> str:
    """The prompt's rate (to its token) and the decode's, from the second step on (the first
    also captures the step's graph)."""
    took = stamps[1] - stamps[0]
    line = f"[prompt: {prompt} tokens in {took * 1e3:.1f} ms, {prompt / took:.1f} tokens/s"
    steps = len(stamps) - 2  # tokens from decode steps
    if steps > 1:
        rate = (steps - 1) / (stamps[-1] - stamps[2])
        line += f"; decode: {steps} tokens, {rate:.1f} tokens/s"
    return line + "]"


if __name__ == "__main__":
    sys.exit(main())
