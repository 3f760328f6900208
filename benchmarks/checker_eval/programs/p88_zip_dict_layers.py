"""Per-layer norm ops built in a dict comprehension, zipped and synced as one."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    hidden = {f"h{i}": tr.full((128,), float(i + 1)) for i in range(3)}
    ops = {name: scale(t.partition((64,)), 0.5) for name, t in hidden.items()}
    tr.zip(*ops.values()).sync()
    print({name: float(t.to_numpy()[0]) for name, t in hidden.items()})


if __name__ == "__main__":
    main()
