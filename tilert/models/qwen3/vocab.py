"""The LM head split by vocabulary over a tensor-parallel world (docs/distributed.md, "The
vocabulary-parallel LM head"): rank ``r`` keeps rows ``[r * per, (r + 1) * per)`` of the head
(``per = ceil(vocab / n)``; the last ranks' rows end at the vocabulary, their slices padded
with zero rows to ``per``), computes its logits and each block's largest, and two all-gathers
give every rank the whole logits and every block's largest: the token is the one device's.

Why: one device's LM head (Qwen3-8B: 151936 x 4096 bf16, 1.24 GB) read on every rank is a
sixth of what each of two GPUs reads a token; split, each reads its share.

The gathered logits are ``n * per`` long, rank ``r``'s at ``r * per``, which is also the first
row it holds: the first ``vocab`` of them are the logits in order, the padding after them."""

# Kernel bodies use the kernel language on Mutable/Shared parameters, which the runtime's
# annotation classes do not declare (the stubs do, for users): attr-defined is off here.
# mypy: disable-error-code="attr-defined"

from __future__ import annotations

from typing import Any

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32, i32
from tilert.distributed import Communicator
from tilert.kernels._common import pow2
from tilert.models.qwen3.kernels import HEAD_ROWS
from tilert.ops import Op


def per_rank(vocab: int, size: int) -> int:
    """Rows of the head each rank holds (its slice padded to this): ``ceil(vocab / size)``."""
    return -(-vocab // size)


def vocab_rows(vocab: int, rank: int, size: int) -> tuple[int, int]:
    """The rows ``[start, stop)`` of the vocabulary rank ``rank`` computes the logits of; a
    ValueError where a rank would hold none (a vocabulary smaller than the world needs)."""
    per = per_rank(vocab, size)
    if (size - 1) * per >= vocab:
        raise ValueError(
            f"a vocabulary of {vocab} split over {size} ranks in slices of {per} leaves the "
            "last rank no rows: use fewer ranks"
        )
    return rank * per, min((rank + 1) * per, vocab)


class VocabSplit:
    """One rank's tensors of the split head, made in ``comm``'s windows (``comm.zeros``: a
    collective call, every rank alike): ``local`` (its ``per`` logits), ``parts_local`` (each
    of its blocks' largest logit as f32 bits, then where, as i32: one tensor, one all-gather),
    and what the all-gathers fill: ``gathered`` (``size * per`` logits) and ``parts``."""

    def __init__(self, comm: Communicator, vocab: int, dtype: type[tr.DType]) -> None:
        self.vocab, self.rank, self.size = vocab, comm.rank, comm.size
        self.start, self.stop = vocab_rows(vocab, comm.rank, comm.size)
        self.per = per_rank(vocab, comm.size)
        self.blocks = -(-self.per // HEAD_ROWS)  # the head's blocks over ``per`` logits
        self.local = comm.zeros((self.per,), dtype, name="local logits")
        self.gathered = comm.zeros((comm.size * self.per,), dtype, name="gathered logits")
        self.parts_local = comm.zeros((2 * self.blocks,), tr.i32, name="local head partials")
        self.parts = comm.zeros((comm.size * 2 * self.blocks,), tr.i32, name="head partials")
        # views made once: what ``head`` writes, what ``pick_split`` reads
        self.best = self.parts_local[: self.blocks].view(tr.f32)
        self.where = self.parts_local[self.blocks :]
        self.parts_f32 = self.parts.view(tr.f32)
        self.logits = self.gathered[:vocab]  # the whole model's logits, in order

    def gather(self, comm: Communicator) -> tuple[Op, Op]:
        """The all-gathers of every rank's block partials and logits."""
        return comm.all_gather(self.parts, self.parts_local), comm.all_gather(
            self.gathered, self.local
        )

    def pick(self, token: Tensor[Any], position: Tensor[Any]) -> Op:
        """``token`` = the argmax over every rank's blocks (the first of equals: the lowest
        rank, then block, so the one device's choice), ``position += 1``."""
        bp = pow2(self.size * self.blocks)
        k = pick_split_kernel.with_options(dependent_launch=True)
        parts = (token.partition((1,)), position.partition((1,)))
        return k(*parts, self.parts_f32, self.parts, self.blocks, self.per, bp)


@tr.kernel
def pick_split_kernel(
    token: Mutable[Tensor[i32]],
    position: Mutable[Tensor[i32]],
    best: Shared[Tensor[f32]],
    where: Shared[Tensor[i32]],
    blocks: Const[int],
    per: Const[int],
    bp: Const[int],
) -> None:
    """One block. ``best`` and ``where`` are the same gathered memory read as f32 and i32:
    rank ``k``'s ``blocks`` largest logits, then their indices in its slice. Block ``j`` of
    the vocabulary is rank ``j // blocks``'s ``j % blocks``; its token is the index plus that
    rank's first row (``k * per``)."""
    j = tl.arange(bp, dtype=tl.i32)  # type: ignore[arg-type,unused-ignore]
    k = j // blocks
    at = k * (blocks + blocks) + (j - k * blocks)  # type: ignore[operator]
    count = best.shape[0] // 2
    values = tl.gather(best, at, mask=j < count, padding_value=float("-inf"))
    m = tl.argmax(values, axis=0, keepdims=True)
    km = m // blocks
    found = tl.gather(where, km * (blocks + blocks) + blocks + (m - km * blocks))  # type: ignore[operator]
    token.store(found + km * per)
    position.store(position.load() + 1)
