"""How much of a Qwen3-4B decode token is the host's round trip between graph replays.

Times, on random 4B weights after a 512-token prompt, the engine's loop (``launch().wait()``
then the 4-byte token read, as ``generate`` does) against the same replays queued back to back
(every replay launched, then all waited: the GPU never waits for the host). The difference is
what overlapping the next replay with the token read could gain. Writes
``<out>/replay-gap.json``."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import tilert as tr
from tilert.models.qwen3 import SIZES, Qwen3
from tilert.models.qwen3.weights import random_weights


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=".")
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    room = 512 + 8 + 2 * args.steps * args.rounds
    engine = Qwen3(random_weights(SIZES["4B"], tr.bf16, 0), max_seq=room)
    engine.prefill(list(range(1, 513)))
    g = engine.capture()
    rows = []
    try:
        for _ in range(5):
            g.launch().wait()
        for r in range(args.rounds):
            start = time.perf_counter()
            for _ in range(args.steps):
                g.launch().wait()
                int(engine.step.token.to_numpy()[0])
            loop = (time.perf_counter() - start) / args.steps
            start = time.perf_counter()
            pending = [g.launch() for _ in range(args.steps)]
            for p in pending:
                p.wait()
            queued = (time.perf_counter() - start) / args.steps
            rows.append(
                {
                    "round": r,
                    "loop_us": loop * 1e6,
                    "queued_us": queued * 1e6,
                    "loop_tokens_s": 1 / loop,
                    "queued_tokens_s": 1 / queued,
                }
            )
            print(rows[-1], flush=True)
    finally:
        g.close()
    Path(args.out, "replay-gap.json").write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
