"""``tr.testing``: timing kernels the way Triton users do (``do_bench``), with tilert's events.

``do_bench(fn)`` calls ``fn`` once per timed run; ``fn`` returns the op to time (a lazy ``Op``,
which ``do_bench`` submits, or a ``Pending`` it already submitted) or runs its work itself and
returns None. Each run is timed between two events on the current stream (``stream.record()``):
on the GPU that is device time, on the CPU interpreter the host clock as the queue reaches them.
On the GPU the L2 cache is flushed before each run (a 256 MiB buffer is written, as Triton
does), so every run reads its inputs from HBM, and that write also covers the host time of the
launch that follows it. Ops hold their tensors until complete, so each run is waited on before
the next: without the flush (``flush_l2=False``) a run shorter than a launch's host time is
measured with that host time in it."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import Any, Literal

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Tensor
from tilert.ops import Op, Pending
from tilert.streams import current_stream

ReturnMode = Literal["min", "max", "mean", "median", "all"]

FLUSH_BYTES = 256 << 20


@tr.kernel
def _overwrite(z: Mutable[Tensor[tr.i32]]) -> None:
    # (the runtime's Mutable declares no kernel methods; the stubs do, for users)
    z.store(tl.zeros((4096,), tl.i32))  # type: ignore[attr-defined]  # _flush's tile


_flush_buffer: Tensor[Any] | None = None


def _flush() -> Pending:
    """Write the flush buffer (made on first use) on the current stream, without waiting."""
    global _flush_buffer
    if _flush_buffer is None:
        _flush_buffer = tr.zeros((FLUSH_BYTES // 4,), dtype=tr.i32, name="L2 flush buffer")
    return _overwrite(_flush_buffer.partition((4096,))).submit()


def _run(fn: Callable[[], object]) -> Pending | None:
    result = fn()
    if isinstance(result, Op):
        return result.submit()
    if isinstance(result, Pending) or result is None:
        return result
    raise TypeError(
        "do_bench: fn returns the op to time (an Op or a Pending) or None, "
        f"got {type(result).__name__}"
    )


def _timed(fn: Callable[[], object], flush: bool) -> float:
    """Milliseconds of one run of ``fn`` between two events."""
    stream = current_stream()
    flushing = _flush() if flush else None
    start = stream.record()
    pending = _run(fn)
    end = stream.record()
    if pending is not None:
        pending.wait()
    if flushing is not None:
        flushing.wait()
    return start.elapsed_ms(end)


def do_bench(
    fn: Callable[[], object],
    warmup: float = 25,
    rep: float = 100,
    quantiles: Sequence[float] | None = None,
    return_mode: ReturnMode = "mean",
    flush_l2: bool | None = None,
) -> float | list[float]:
    """Milliseconds per run of ``fn``, as ``triton.testing.do_bench`` reports them: ``warmup``
    and ``rep`` are milliseconds of runs (estimated from five runs first; at least one each);
    ``quantiles`` (such as ``[0.5, 0.2, 0.8]``) returns those quantiles of the runs instead of
    one figure; ``return_mode`` picks the figure: mean (Triton's default), median, min, max, or
    ``all`` (every run). ``flush_l2``: flush the L2 cache before each run (default: on a GPU)."""
    if return_mode not in ("min", "max", "mean", "median", "all"):
        raise ValueError(
            f"do_bench: return_mode is min, max, mean, median or all, got {return_mode!r}"
        )
    if quantiles is not None and any(not 0 <= q <= 1 for q in quantiles):
        raise ValueError(f"do_bench: quantiles lie in [0, 1], got {list(quantiles)}")
    flush = tr.backend().device_kind != "cpu" if flush_l2 is None else flush_l2
    estimate = statistics.fmean(_timed(fn, flush) for _ in range(5))
    per_run = max(estimate, 1e-6)
    for _ in range(max(1, int(warmup / per_run))):
        _timed(fn, flush)
    times = [_timed(fn, flush) for _ in range(max(1, int(rep / per_run)))]
    if quantiles is not None:
        return [_quantile(times, q) for q in quantiles]
    if return_mode == "all":
        return times
    summary: dict[str, Callable[[list[float]], float]] = {
        "min": min,
        "max": max,
        "mean": statistics.fmean,
        "median": statistics.median,
    }
    return summary[return_mode](times)


def _quantile(times: list[float], q: float) -> float:
    """The ``q`` quantile of ``times``, linearly interpolated (as ``torch.quantile``)."""
    ordered = sorted(times)
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


__all__ = ["do_bench"]
