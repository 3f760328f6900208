"""Per-layer pendings kept in a dict; layer 0's K cache is read before anything is waited."""

import tilert as tr
from llm.kernels import copy


def main(layers: int = 3, seq: int = 128) -> None:
    k_cache = [tr.zeros((seq,)) for _ in range(layers)]
    v_cache = [tr.zeros((seq,)) for _ in range(layers)]
    new_k, new_v = tr.ones((seq,)), tr.full((seq,), 3.0)
    pendings = {}
    for i, (k, v) in enumerate(zip(k_cache, v_cache)):
        pendings[i] = (
            copy(k.partition((64,)), new_k).submit(),
            copy(v.partition((64,)), new_v).submit(),
        )
    first_k = k_cache[0].to_numpy()  # expect: TC102
    for pk, pv in pendings.values():
        pk.wait()
        pv.wait()
    print(first_k[:2])


if __name__ == "__main__":
    main()
