"""A tokenizer -> embed -> detokenizer worker pipeline; each worker waits its own job."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.base import Worker
from llmcraft.host import tiles

import tilert as tr


class Tokenizer(Worker):
    def submit(self, text: str) -> None:
        codes = np.array([ord(c) % 7 for c in text.ljust(8)[:8]], dtype=np.float32)
        self.pending = k.copy(tiles(self.buf), tr.from_numpy(codes)).submit()


class Embedder(Worker):
    def submit(self, upstream: Worker) -> None:
        upstream.finish()
        self.pending = k.scale(tiles(self.buf), upstream.buf, 0.5).submit()


class Detokenizer(Worker):
    def collect(self, upstream: Worker) -> str:
        upstream.finish()
        return "".join(chr(97 + int(v)) for v in upstream.buf.to_numpy())


tok, emb, detok = Tokenizer(8), Embedder(8), Detokenizer(8)
outputs = []
for text in ("hello", "tiles", "graphs"):
    tok.submit(text)
    emb.submit(tok)
    outputs.append(detok.collect(emb))
assert len(outputs) == 3 and all(len(o) == 8 for o in outputs)
print(outputs)
