"""Per-layer pendings in a dict, waited by iterating items(), then each layer read."""

import tilert as tr
from llm.kernels import fill


def main() -> None:
    layers = {f"layer{i}": tr.zeros((128,)) for i in range(4)}
    pendings = {name: fill(t.partition((64,)), 1.5).submit() for name, t in layers.items()}
    for _name, p in pendings.items():
        p.wait()
    for name, t in layers.items():
        print(name, t.to_numpy()[0])


if __name__ == "__main__":
    main()
