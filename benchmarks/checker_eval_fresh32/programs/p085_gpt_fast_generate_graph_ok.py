"""gpt-fast style generation benchmark: a model dataclass, free functions `prefill` and
`decode_one_token`, and `generate`, which captures one decode step in a graph (the analogue of
`torch.compile(mode="reduce-overhead")`) and replays it per token. The activations' buffers are
set up with the model (as gpt-fast's `setup_caches`), so the capture allocates nothing."""

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from llmcraft import add, copy, mul, silu

import tilert as tr


@dataclass
class ModelArgs:
    dim: int = 128
    n_layer: int = 2
    seed: int = 40


@dataclass
class Transformer:
    args: ModelArgs
    out_w: tr.Tensor
    h: tr.Tensor
    tmp: tr.Tensor
    logits: tr.Tensor
    acts: list[tr.Tensor]


def build(args: ModelArgs) -> Transformer:
    rng = np.random.default_rng(args.seed)
    return Transformer(
        args=args,
        out_w=tr.from_numpy(rng.standard_normal(args.dim).astype(np.float32), name="out_w"),
        h=tr.zeros((args.dim,), name="h"),
        tmp=tr.empty((args.dim,), name="tmp"),
        logits=tr.empty((args.dim,), name="logits"),
        acts=[tr.empty((args.dim,), name=f"act{i}") for i in range(args.n_layer)],
    )


def decode_one_token(model: Transformer, run: Callable[[tr.Op], object]) -> None:
    for act in model.acts:
        run(silu(act.partition((64,)), model.h))
        run(add(model.tmp.partition((64,)), model.h, act))
        run(copy(model.h.partition((64,)), model.tmp))
    run(mul(model.logits.partition((64,)), model.h, model.out_w))


def prefill(model: Transformer, prompt: np.ndarray) -> None:
    model.h.copy_from(prompt.astype(np.float32))
    decode_one_token(model, lambda op: op.sync())


def generate(model: Transformer, prompt: np.ndarray, max_new_tokens: int) -> float:
    prefill(model, prompt)
    with tr.graph() as g:
        decode_one_token(model, g.record)
    start = time.perf_counter()
    for _ in range(max_new_tokens):
        g.launch().wait()
    elapsed = time.perf_counter() - start
    g.close()
    return max_new_tokens / elapsed


if __name__ == "__main__":
    args = ModelArgs()
    model = build(args)
    prompt = np.random.default_rng(41).standard_normal(args.dim)
    tokens_per_s = generate(model, prompt, max_new_tokens=8)
    print(f"{tokens_per_s:.1f} tokens/s, last token {int(np.argmax(model.logits.to_numpy()))}")
