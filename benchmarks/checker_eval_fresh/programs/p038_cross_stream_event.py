"""A producer stream writes the prompt embedding; the consumer stream waits on an event of the
producer and reads it. Every Pending is waited before the host reads."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import copy, scale

import tilert as tr


def main() -> None:
    producer, consumer = tr.Stream(), tr.Stream()
    emb = tr.zeros((512,), name="emb")
    out = tr.zeros((512,), name="out")
    first = copy(emb.partition((128,)), tr.full((512,), 2.0)).submit(producer)
    ready = producer.record()
    first.wait()
    consumer.wait_event(ready)
    second = copy(out.partition((128,)), emb).submit(consumer)
    second.wait()
    scale(out.partition((128,)), 1.0).sync_on(consumer)
    np.testing.assert_allclose(out.to_numpy(), 2.0)
    print("out:", out.to_numpy()[0])


if __name__ == "__main__":
    main()
