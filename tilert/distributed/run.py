"""``python -m tilert.distributed.run -n N script.py [args...]``: start N processes of one
program on this node, as ``torchrun --nproc-per-node N`` does, each with the environment
``tr.distributed.init()`` reads (RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR,
MASTER_PORT). When a process fails the others are stopped and its exit status is this one's;
when all succeed it is 0."""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence

_GRACE_S = 5.0  # how long a stopped rank has to exit before it is killed


def free_port(host: str) -> int:
    """A TCP port nothing listens on now (rank 0's torch store binds it next)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def rank_environments(
    n: int, addr: str, port: int, base: dict[str, str] | None = None
) -> list[dict[str, str]]:
    """Each rank's environment: ``base`` (this process's) and the launcher's variables."""
    base = dict(os.environ if base is None else base)
    return [
        {
            **base,
            "RANK": str(r),
            "LOCAL_RANK": str(r),
            "WORLD_SIZE": str(n),
            "LOCAL_WORLD_SIZE": str(n),
            "MASTER_ADDR": addr,
            "MASTER_PORT": str(port),
        }
        for r in range(n)
    ]


def _status(code: int) -> int:
    """A process's exit status as a shell reports it (killed by signal N: 128 + N)."""
    return 128 - code if code < 0 else code


def _stop(procs: Sequence[subprocess.Popen[bytes]]) -> None:
    """Terminate the ranks still running; kill those that outlive the grace period."""
    for p in procs:
        if p.poll() is None:
            p.terminate()
    deadline = time.monotonic() + _GRACE_S
    for p in procs:
        try:
            p.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def launch(n: int, command: Sequence[str], addr: str = "127.0.0.1", port: int = 0) -> int:
    """Run ``command`` as ``n`` ranks; the first failing rank's status, else 0."""
    if n < 1:
        raise ValueError(f"-n {n}: at least one process")
    port = port or free_port(addr)
    procs = [subprocess.Popen(list(command), env=env) for env in rank_environments(n, addr, port)]
    try:
        while True:
            for rank, p in enumerate(procs):
                code = p.poll()
                if code is not None and code != 0:
                    running = sum(q.poll() is None for q in procs)
                    if running:
                        print(
                            f"tilert.distributed.run: rank {rank} exited with status "
                            f"{_status(code)}; stopping the {running} still running",
                            file=sys.stderr,
                            flush=True,
                        )
                    _stop(procs)
                    return _status(code)
            if all(p.poll() == 0 for p in procs):
                return 0
            time.sleep(0.05)
    except KeyboardInterrupt:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGINT)
        _stop(procs)
        return 130


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tilert.distributed.run",
        description="Start N processes of a program, one per GPU, as torchrun does.",
    )
    parser.add_argument("-n", "--nproc-per-node", type=int, default=1, help="processes (GPUs)")
    parser.add_argument("--master-addr", default="127.0.0.1", help="where rank 0 listens")
    parser.add_argument("--master-port", type=int, default=0, help="its port (0: a free one)")
    parser.add_argument("-m", "--module", action="store_true", help="run the program as a module")
    parser.add_argument("program", help="the script (or, with -m, the module) to run")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="its arguments")
    options = parser.parse_args(argv)
    head = ["-m", options.program] if options.module else [options.program]
    command = [sys.executable, "-u", *head, *options.args]
    try:
        return launch(options.nproc_per_node, command, options.master_addr, options.master_port)
    except ValueError as exc:
        parser.error(str(exc))


if __name__ == "__main__":
    sys.exit(main())
