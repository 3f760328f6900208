"""Attention scratch buffers partitioned up front in a dict comprehension; a debug print reads
one buffer while its partition is still held in the dict."""

from __future__ import annotations

from llmkit.kernels import fill

import tilert as tr


def main() -> None:
    scratch = {name: tr.zeros((256,), name=name) for name in ("scores", "probs")}
    parts = {name: t.partition((64,)) for name, t in scratch.items()}
    print("scores before:", scratch["scores"].to_numpy()[:2])  # expect: TC104
    for name, part in parts.items():
        fill(part, 1.0 if name == "scores" else 0.5).sync()


if __name__ == "__main__":
    main()
