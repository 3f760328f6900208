"""CUDA graphs through the driver API: capture the launches a function makes on a stream, then
replay them with one ``cuGraphLaunch``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tilert.cutile.device import driver, ensure_current


def _check(result: Any, what: str) -> Any:
    """The values a driver call returned after its error code; RuntimeError on failure."""
    err, *rest = result if isinstance(result, tuple) else (result,)
    if int(err) != 0:
        raise RuntimeError(f"{what} failed: CUDA error {err}")
    return rest[0] if len(rest) == 1 else tuple(rest)


class CapturedGraph:
    """An instantiated CUDA graph; ``launch`` replays it on any stream."""

    def __init__(self, graph: Any, exec_: Any) -> None:
        self._graph = graph
        self._exec = exec_

    @property
    def num_nodes(self) -> int:
        _, count = driver().cuGraphGetNodes(self._graph)
        return int(count)

    def launch(self, stream_handle: int) -> None:
        drv = driver()
        _check(drv.cuGraphLaunch(self._exec, drv.CUstream(stream_handle)), "cuGraphLaunch")

    def close(self) -> None:
        """Destroy the graph (idempotent)."""
        if self._exec is not None:
            drv = driver()
            drv.cuGraphExecDestroy(self._exec)
            drv.cuGraphDestroy(self._graph)
            self._exec = self._graph = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


def capture(stream_handle: int, body: Callable[[], None]) -> CapturedGraph:
    """Run ``body`` with ``stream_handle`` capturing (relaxed mode: a kernel's first launch may
    load its module) and instantiate what it launched there."""
    ensure_current()
    drv = driver()
    stream = drv.CUstream(stream_handle)
    mode = drv.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED
    _check(drv.cuStreamBeginCapture(stream, mode), "cuStreamBeginCapture")
    try:
        body()
    except BaseException:
        err, graph = drv.cuStreamEndCapture(stream)
        if int(err) == 0 and graph is not None:
            drv.cuGraphDestroy(graph)
        raise
    graph = _check(drv.cuStreamEndCapture(stream), "cuStreamEndCapture")
    try:
        exec_ = _check(drv.cuGraphInstantiate(graph, 0), "cuGraphInstantiate")
    except BaseException:
        drv.cuGraphDestroy(graph)
        raise
    return CapturedGraph(graph, exec_)
