"""A .then callback logs the logits on the host while the chain still holds them."""

import tilert as tr
from llm.kernels import copy


def main() -> None:
    logits = tr.zeros((256,))
    x = tr.ones((256,))
    seen: list[float] = []
    op = copy(logits.partition((64,)), x).then(
        lambda *_: seen.append(float(logits.to_numpy().max()))  # expect: TC102
    )
    op.sync()
    print(seen)


if __name__ == "__main__":
    main()
