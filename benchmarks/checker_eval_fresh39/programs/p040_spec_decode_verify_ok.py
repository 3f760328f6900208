"""Speculative decoding: the draft model proposes k tokens, the target model scores them in one
batched step; the acceptance check waits for the verification first."""

from dataclasses import dataclass

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN, K = 32, 16, 4


@dataclass
class Model:
    lm_head: tr.Tensor

    @classmethod
    def random(cls, seed: int) -> "Model":
        rng = np.random.default_rng(seed)
        return cls(tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32)))

    def greedy(self, hidden: tr.Tensor, logits: tr.Tensor, tokens: tr.Tensor) -> tr.Op:
        return tk.linear(logits, hidden, self.lm_head).then(lambda *_: tk.argmax(tokens, logits))


draft, target = Model.random(1), Model.random(2)
hidden = tr.from_numpy(np.random.default_rng(3).standard_normal((K, HIDDEN)).astype(np.float32))
draft_logits, target_logits = tr.empty((K, VOCAB)), tr.empty((K, VOCAB))
draft_tokens = tr.zeros((K,), dtype=tr.i32)
target_tokens = tr.zeros((K,), dtype=tr.i32)

draft.greedy(hidden, draft_logits, draft_tokens).sync()
verify = target.greedy(hidden, target_logits, target_tokens).submit()
proposed = draft_tokens.to_numpy()
verify.wait()
checked = target_tokens.to_numpy()
accepted = int(np.cumprod(proposed == checked).sum())
print(f"accepted {accepted}/{K}")
