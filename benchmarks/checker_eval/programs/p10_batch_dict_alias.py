"""Residual add written in place: the output is also passed as an input."""

import tilert as tr
from llm.kernels import add


def main() -> None:
    batch = {"hidden": tr.ones((512,)), "delta": tr.full((512,), 0.1)}
    add(batch["hidden"].partition((128,)), batch["hidden"], batch["delta"]).sync()  # expect: TC101
    print(batch["hidden"].to_numpy()[:2])


if __name__ == "__main__":
    main()
