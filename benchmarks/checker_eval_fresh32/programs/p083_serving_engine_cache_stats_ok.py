"""A small serving engine: a KV cache pool with one slot per sequence, a continuous-batching
scheduler, a sampler and the engine loop that ties them together. Requests join between steps;
the step logs the cache usage once the new sequences' prefills are waited."""

from collections import deque
from dataclasses import dataclass, field

import numpy as np
from llmcraft import add, copy, scale

import tilert as tr

DIM = 128
VOCAB = 128


@dataclass
class SamplingParams:
    temperature: float = 1.0
    max_tokens: int = 4


@dataclass
class Sequence:
    seq_id: int
    prompt: tr.Tensor
    params: SamplingParams
    slot: int = -1
    output_tokens: list[int] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return len(self.output_tokens) >= self.params.max_tokens


class KVCachePool:
    def __init__(self, num_slots: int) -> None:
        self.k = tr.zeros((num_slots, DIM), name="k_pool")
        self.free_slots = list(range(num_slots))

    def allocate(self) -> int | None:
        return self.free_slots.pop() if self.free_slots else None

    def release(self, slot: int) -> None:
        self.free_slots.append(slot)

    def write(self, slot: int, k_new: tr.Tensor) -> tr.Pending:
        return copy(self.k[slot].partition((64,)), k_new).submit()


class Sampler:
    def __init__(self) -> None:
        self.scaled = tr.empty((VOCAB,), name="scaled_logits")

    def sample(self, logits: tr.Tensor, temperature: float) -> int:
        scale(self.scaled.partition((64,)), logits, 1.0 / temperature).sync()
        return int(np.argmax(self.scaled.to_numpy()))


class Engine:
    def __init__(self, num_slots: int = 4) -> None:
        rng = np.random.default_rng(30)
        self.pool = KVCachePool(num_slots)
        self.sampler = Sampler()
        self.w_out = tr.from_numpy(rng.standard_normal(VOCAB).astype(np.float32), name="w_out")
        self.logits = tr.empty((VOCAB,), name="logits")
        self.waiting: deque[Sequence] = deque()
        self.running: list[Sequence] = []
        self.finished: list[Sequence] = []
        self._next_id = 0

    def add_request(self, prompt: np.ndarray, params: SamplingParams) -> int:
        seq = Sequence(self._next_id, tr.from_numpy(prompt.astype(np.float32)), params)
        self._next_id += 1
        self.waiting.append(seq)
        return seq.seq_id

    def _schedule(self) -> list[Sequence]:
        admitted = []
        while self.waiting:
            slot = self.pool.allocate()
            if slot is None:
                break
            seq = self.waiting.popleft()
            seq.slot = slot
            admitted.append(seq)
        return admitted

    def _log_cache_usage(self) -> None:
        used = np.count_nonzero(np.abs(self.pool.k.to_numpy()).sum(axis=1))
        print(f"cache slots in use: {used}/{self.pool.k.shape[0]}")

    def _decode(self, seq: Sequence) -> None:
        cached = self.pool.k[seq.slot].contiguous()
        add(self.logits.partition((64,)), self.w_out, cached).sync()
        seq.output_tokens.append(self.sampler.sample(self.logits, seq.params.temperature))

    def step(self) -> None:
        admitted = self._schedule()
        prefills = [self.pool.write(seq.slot, seq.prompt) for seq in admitted]
        for p in prefills:
            p.wait()
        self._log_cache_usage()
        self.running.extend(admitted)
        for seq in self.running:
            self._decode(seq)
        for seq in [s for s in self.running if s.finished]:
            self.running.remove(seq)
            self.pool.release(seq.slot)
            self.finished.append(seq)

    def run(self) -> None:
        while self.waiting or self.running:
            self.step()


engine = Engine()
rng = np.random.default_rng(31)
for n in range(6):
    engine.add_request(rng.standard_normal(DIM), SamplingParams(0.8, max_tokens=2 + n % 3))
engine.run()
print({s.seq_id: s.output_tokens for s in engine.finished})
