"""A gpt-fast style greedy decode loop on a toy one-layer model, every step synced."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, DIM = 128, 64
MAX_NEW = 5


def load_model(seed: int = 0) -> dict[str, tr.Tensor]:
    rng = np.random.default_rng(seed)
    return {
        "embed": tr.from_numpy(rng.standard_normal((VOCAB, DIM)).astype(np.float32)),
        "norm": tr.from_numpy(np.ones(DIM, np.float32)),
        "lm_head": tr.from_numpy((rng.standard_normal((VOCAB, DIM)) / 8).astype(np.float32)),
    }


def generate(model: dict[str, tr.Tensor], prompt: list[int]) -> list[int]:
    ids = tr.empty((1,), dtype=tr.i32)
    emb = tr.empty((1, DIM), dtype=tr.f32)
    normed = tr.empty((1, DIM), dtype=tr.f32)
    logits = tr.empty((VOCAB,), dtype=tr.f32)
    next_id = tr.empty((1,), dtype=tr.i32)
    tokens = list(prompt)
    for _ in range(MAX_NEW):
        ids.copy_from(np.array([tokens[-1]], np.int32))
        tk.embedding(emb, model["embed"], ids).sync()
        tk.rmsnorm(normed, emb, model["norm"]).sync()
        tk.gemv(logits, model["lm_head"], normed.reshape(DIM)).sync()
        tk.argmax(next_id, logits.reshape(1, VOCAB)).sync()
        tokens.append(int(next_id.to_numpy()[0]))
    return tokens


print(generate(load_model(), [1, 2, 3]))
