"""Partitions for every layer collected in a loop; a layer is read before the launches."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    layers = [tr.ones((128,)) for _ in range(3)]
    parts = []
    for t in layers:
        parts.append(t.partition((64,)))
    print(layers[1].to_numpy()[0])  # expect: TC104
    for p in parts:
        scale(p, 0.5).sync()


if __name__ == "__main__":
    main()
