"""Embeddings read by several heads at once; every head writes its own output."""

import tilert as tr
from llm.kernels import axpy


def main(heads: int = 4) -> None:
    emb = tr.ones((256,))
    outs = [tr.zeros((256,)) for _ in range(heads)]
    pend = [axpy(o.partition((64,)), emb, float(h + 1)).submit() for h, o in enumerate(outs)]
    norm = float(emb.to_numpy().sum())
    for p in pend:
        p.wait()
    print(norm, [float(o.to_numpy()[0]) for o in outs])


if __name__ == "__main__":
    main()
