"""A partition kept in a dict is handed to two launches in turn."""

import tilert as tr
from llm.kernels import relu, scale


def main() -> None:
    h = tr.full((256,), -1.0)
    parts = {"h": h.partition((64,))}
    scale(parts["h"], 2.0).sync()
    relu(parts["h"]).sync()  # expect: TC109
    print(h.to_numpy()[0])


if __name__ == "__main__":
    main()
