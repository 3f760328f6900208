"""The block context of the running launch, and the two internal signals of the interpreter.

Kernel-language calls find the blocks they run for here (a thread-local, since ops may run on
stream worker threads). Outside a launch there is no context and every ``tl.*`` call refuses."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, ParamSpec, TypeVar

import numpy as np

from tilert.errors import RaceError

if TYPE_CHECKING:
    from tilert.interpret.state import RunState

P = ParamSpec("P")
R = TypeVar("R")


class NeedsSerial(BaseException):
    """The batched run met something it cannot vectorize (a Python decision on a value that
    differs between blocks, printf, ...): abandon it and run block by block.

    A BaseException so that nothing in user code (or ``except Exception``) swallows it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class TileOpError(Exception):
    """A user error inside one kernel-language operation; the executor turns it into a
    KernelError located at the kernel's line."""

    def __init__(self, op: str, message: str) -> None:
        super().__init__(f"{op}: {message}")
        self.op = op
        self.message = message


@dataclass(frozen=True)
class BlockContext:
    """The blocks one execution of the kernel body stands for.

    ``linear`` holds the blocks' linear ids (row-major over ``grid``), ``coords`` their
    coordinates per grid axis; both have one entry per block of the batch (one in serial mode).
    """

    kernel_name: str
    unsafe: bool
    grid: tuple[int, ...]
    linear: np.ndarray[tuple[int], np.dtype[np.int64]]
    coords: tuple[np.ndarray[tuple[int], np.dtype[np.int64]], ...]
    state: RunState

    @property
    def batch(self) -> int:
        return int(self.linear.shape[0])

    def block_label(self, linear: int) -> str:
        """``(i, j)``: a block's coordinates as the user reads them."""
        coords = np.unravel_index(linear, self.grid)
        return (
            "(" + ", ".join(str(int(c)) for c in coords) + ("," if len(coords) == 1 else "") + ")"
        )


_local = threading.local()


def active() -> BlockContext | None:
    """The context of the kernel body running on this thread, if any."""
    ctx: BlockContext | None = getattr(_local, "ctx", None)
    return ctx


def current(op: str) -> BlockContext:
    """The running context, or the RuntimeError every tl call outside a kernel gets."""
    ctx: BlockContext | None = getattr(_local, "ctx", None)
    if ctx is None:
        raise RuntimeError(
            f"{op} runs only inside a @tr.kernel (or a @tr.function called from one) while "
            "the kernel is launched; it was called outside any kernel launch"
        )
    return ctx


@contextmanager
def entered(ctx: BlockContext) -> Iterator[None]:
    """Make ``ctx`` the running context for the duration of one execution of a kernel body."""
    previous = getattr(_local, "ctx", None)
    _local.ctx = ctx
    try:
        yield
    finally:
        _local.ctx = previous


def kernel_op(name: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Mark a kernel-language entry point: refused outside a kernel, and any error inside it
    reported as a TileOpError naming ``name`` (the original exception chained)."""

    def decorate(fn: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(fn)
        def run(*args: P.args, **kwargs: P.kwargs) -> R:
            if getattr(_local, "ctx", None) is None:
                current(name)
            try:
                return fn(*args, **kwargs)
            except (TileOpError, RaceError):
                raise
            except Exception as exc:
                raise TileOpError(name, str(exc) or type(exc).__name__) from exc

        return run

    return decorate
