"""A profiler that collects ops to run them later one at a time between events. Its run loop
starts at index 1 (it meant to skip the warm-up measurement, not the warm-up op)."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr


class OpProfiler:
    def __init__(self) -> None:
        self.queue: list[tuple[str, tr.Op]] = []
        self.results: dict[str, float] = {}

    def add(self, name: str, op: tr.Op) -> None:
        self.queue.append((name, op))

    def run(self) -> None:
        stream = tr.current_stream()
        for i in range(1, len(self.queue)):
            name, op = self.queue[i]
            start = stream.record()
            op.sync()
            self.results[name] = start.elapsed_ms(stream.record())
        self.queue.clear()


x = tr.arange(64)
bufs = [tr.zeros((64,), name=f"b{i}") for i in range(3)]
prof = OpProfiler()
prof.add("warmup", K.scale(bufs[0].partition((16,)), x, 1.0))  # expect: TC105
prof.add("scale", K.scale(bufs[1].partition((16,)), x, 2.0))
prof.add("silu", K.silu(bufs[2].partition((16,)), x))
prof.run()  # expect-also
print(sorted(prof.results))
