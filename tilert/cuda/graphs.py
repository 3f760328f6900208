"""Real CUDA graphs through the driver API: record the kernel launches a function makes on a
stream (stream capture), instantiate them once, and replay them all with one ``cuGraphLaunch``.

cuda.bindings is imported on first use (``device.driver()``), so importing this module needs no
GPU."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tilert.cuda.context import driver, ensure_current


def _error_name(err: Any) -> str:
    return str(getattr(err, "name", None) or f"CUDA error {int(err)}")


def _check(result: Any, call: str) -> Any:
    """What the driver call returned after its CUresult (one value, a tuple of several, or
    None); a RuntimeError naming ``call`` when it failed."""
    err, *values = result if isinstance(result, tuple) else (result,)
    if int(err) != 0:
        raise RuntimeError(f"{call} failed: {_error_name(err)}")
    if not values:
        return None
    return values[0] if len(values) == 1 else tuple(values)


class CapturedGraph:
    """An instantiated CUDA graph (the ``CUgraph`` and its ``CUgraphExec``). ``launch`` replays
    it on any stream of the context; the device memory its kernels were captured with must
    outlive it."""

    def __init__(self, graph: Any, graph_exec: Any) -> None:
        self._graph = graph
        self._exec = graph_exec
        self._stream: tuple[int, Any] = (-1, None)  # the last stream launched on, wrapped

    @property
    def closed(self) -> bool:
        return self._exec is None

    def _live(self, action: str) -> None:
        if self._exec is None:
            raise RuntimeError(f"cannot {action} a closed CUDA graph")

    @property
    def num_nodes(self) -> int:
        """How many nodes (here: kernel launches) the captured graph has."""
        self._live("count the nodes of")
        ensure_current()
        _nodes, count = _check(driver().cuGraphGetNodes(self._graph), "cuGraphGetNodes")
        return int(count)

    def launch(self, stream_handle: int) -> None:
        """Enqueue one replay of the whole graph on ``stream_handle`` (does not wait). The
        replay path of launch-bound loops: the driver objects are looked up once."""
        self._live("launch")
        ensure_current()
        drv = driver()
        handle, stream = self._stream
        if handle != stream_handle:
            stream = drv.CUstream(stream_handle)
            self._stream = (stream_handle, stream)
        (err,) = drv.cuGraphLaunch(self._exec, stream)
        if err != drv.CUresult.CUDA_SUCCESS:
            raise RuntimeError(f"cuGraphLaunch failed: {_error_name(err)}")

    def close(self) -> None:
        """Destroy the executable graph and the graph (idempotent). A replay still running
        finishes first: the driver frees an in-flight executable graph when it completes."""
        graph_exec, graph = self._exec, self._graph
        self._exec = self._graph = None
        if graph_exec is None and graph is None:
            return
        drv = driver()
        try:
            if graph_exec is not None:
                _check(drv.cuGraphExecDestroy(graph_exec), "cuGraphExecDestroy")
        finally:
            if graph is not None:
                _check(drv.cuGraphDestroy(graph), "cuGraphDestroy")

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown, or the context is already gone
            pass


def capture(stream_handle: int, body: Callable[[], None]) -> CapturedGraph:
    """Run ``body`` while ``stream_handle`` captures, and instantiate what it launched there.

    Relaxed capture mode: the first ``ct.launch`` of a kernel loads its module, a call that the
    stricter modes refuse during a capture. If ``body`` raises, the capture is ended and its
    graph destroyed before the exception propagates, so the stream is usable again."""
    ensure_current()
    drv = driver()
    stream = drv.CUstream(stream_handle)
    mode = drv.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_RELAXED
    _check(drv.cuStreamBeginCapture(stream, mode), "cuStreamBeginCapture")
    try:
        body()
    except BaseException:
        _abandon(drv, stream)
        raise
    graph = _check(drv.cuStreamEndCapture(stream), "cuStreamEndCapture")
    instantiate = getattr(drv, "cuGraphInstantiateWithFlags", None) or drv.cuGraphInstantiate
    try:
        graph_exec = _check(instantiate(graph, 0), "cuGraphInstantiateWithFlags")
    except BaseException:
        drv.cuGraphDestroy(graph)
        raise
    return CapturedGraph(graph, graph_exec)


def _abandon(drv: Any, stream: Any) -> None:
    """End a capture whose body failed and drop whatever it recorded. An invalidated capture
    ends with an error and no graph: the stream has left capture mode either way."""
    err, graph = drv.cuStreamEndCapture(stream)
    if int(err) == 0 and graph is not None and int(graph) != 0:
        drv.cuGraphDestroy(graph)
