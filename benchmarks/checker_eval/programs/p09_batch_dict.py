"""A training batch kept in a dict of tensors; the loss is computed in place."""

import tilert as tr
from llm.kernels import add, scale


def main() -> None:
    batch = {
        "input": tr.ones((512,)),
        "target": tr.full((512,), 2.0),
        "loss": tr.zeros((512,)),
    }
    add(batch["loss"].partition((128,)), batch["input"], batch["target"]).sync()
    scale(batch["loss"].partition((128,)), 0.5).sync()
    print("mean loss", batch["loss"].to_numpy().mean())


if __name__ == "__main__":
    main()
