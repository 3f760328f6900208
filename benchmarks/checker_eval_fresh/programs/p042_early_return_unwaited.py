"""A request handler validates its input after submitting the embedding copy and returns early
on a bad request, leaving the Pending unwaited."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


def handle(tokens: tr.Tensor, max_len: int) -> tr.Tensor | None:
    emb = tr.empty(tokens.shape, name="emb")
    pending = copy(emb.partition((64,)), tokens).submit()  # expect: TC108
    if tokens.shape[0] > max_len:
        return None
    pending.wait()
    return emb


def main() -> None:
    out = handle(tr.ones((512,)), max_len=256)
    print("rejected" if out is None else out.to_numpy()[0])


if __name__ == "__main__":
    main()
