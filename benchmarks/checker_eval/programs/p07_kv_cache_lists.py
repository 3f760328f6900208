"""KV cache as one K and one V tensor per layer, updated asynchronously, waited, then read."""

import tilert as tr
from llm.kernels import axpy


def main(layers: int = 4, seq: int = 256) -> None:
    k_cache = [tr.zeros((seq,)) for _ in range(layers)]
    v_cache = [tr.zeros((seq,)) for _ in range(layers)]
    new_k = tr.ones((seq,))
    new_v = tr.full((seq,), 2.0)
    pend = []
    for layer in range(layers):
        pend.append(axpy(k_cache[layer].partition((64,)), new_k, float(layer)).submit())
        pend.append(axpy(v_cache[layer].partition((64,)), new_v, 1.0).submit())
    for p in pend:
        p.wait()
    print("k sum", sum(float(k.to_numpy().sum()) for k in k_cache))
    print("v sum", sum(float(v.to_numpy().sum()) for v in v_cache))


if __name__ == "__main__":
    main()
