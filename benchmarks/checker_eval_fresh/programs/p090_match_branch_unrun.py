"""match-based dispatch where one branch builds its op but forgets to run it."""

from __future__ import annotations

from llmkit.kernels import fill, scale, silu

import tilert as tr


def run_layer(kind: str, buf: tr.Tensor, x: tr.Tensor) -> None:
    match kind:
        case "act":
            silu(buf.partition((64,)), x).sync()
        case "scale":
            scale(buf.partition((64,)), 2.0)  # expect: TC105
        case _:
            fill(buf.partition((64,)), 0.0).sync()


def main() -> None:
    x = tr.zeros((256,))
    for kind in ("act", "scale", "zero"):
        run_layer(kind, tr.ones((256,)), x)


if __name__ == "__main__":
    main()
