"""Async prefill: submit the embedding copy and the norm weight copy, await both Pendings, then
read."""

from __future__ import annotations

import asyncio

from llmkit.kernels import copy

import tilert as tr


async def prefill(tokens: tr.Tensor, weights: tr.Tensor) -> tuple[float, float]:
    emb = tr.empty(tokens.shape, name="emb")
    norm = tr.empty(weights.shape, name="norm")
    p_emb = copy(emb.partition((128,)), tokens).submit()
    p_norm = copy(norm.partition((128,)), weights).submit()
    await p_emb
    await p_norm
    return float(emb.to_numpy()[0]), float(norm.to_numpy()[0])


def main() -> None:
    out = asyncio.run(prefill(tr.full((512,), 3.0), tr.full((256,), 0.5)))
    assert out == (3.0, 0.5)
    print("prefill:", out)


if __name__ == "__main__":
    main()
