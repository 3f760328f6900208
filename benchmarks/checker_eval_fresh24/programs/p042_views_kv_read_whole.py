"""Write one layer of a stacked KV cache and checkpoint the whole cache meanwhile."""

import numpy as np
from llmbasin import copy

import tilert as tr

LAYERS, SLOTS = 4, 2048


def checkpoint(kv: tr.Tensor) -> np.ndarray:
    return kv.to_numpy().copy()  # expect: TC102


def main() -> None:
    kv = tr.zeros((LAYERS, SLOTS), name="kv")
    new_k = tr.from_numpy(np.arange(SLOTS, dtype=np.float32))
    pending = copy(kv[3].partition((512,)), new_k).submit()
    snapshot = checkpoint(kv)  # expect-also: TC102
    pending.wait()
    print(snapshot.shape)


if __name__ == "__main__":
    main()
