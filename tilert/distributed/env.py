"""The environment a launcher gives each process (``torchrun``'s variables, which
``python -m tilert.distributed.run`` sets too): its rank, the world's size, its device on the
node, and where rank 0 listens for the others to meet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

# What a launcher sets, in the order a message lists them
RANK, WORLD_SIZE, LOCAL_RANK = "RANK", "WORLD_SIZE", "LOCAL_RANK"
MASTER_ADDR, MASTER_PORT = "MASTER_ADDR", "MASTER_PORT"


@dataclass(frozen=True)
class Environment:
    """One process's place in the world. Without ``WORLD_SIZE`` it is a world of one (the same
    script runs with or without a launcher)."""

    rank: int = 0
    world_size: int = 1
    local_rank: int = 0
    master_addr: str = "127.0.0.1"
    master_port: int = 29500

    @classmethod
    def read(cls, environ: Mapping[str, str]) -> Environment:
        """The environment from ``environ`` (``os.environ``); a ValueError naming what is
        missing or wrong, before anything is started."""
        if WORLD_SIZE not in environ:
            return cls()
        size = _number(environ, WORLD_SIZE)
        if size < 1:
            raise ValueError(f"{WORLD_SIZE}={size}: a world has at least one process")
        if size == 1 and RANK not in environ:
            return cls()
        missing = [n for n in (RANK, MASTER_ADDR, MASTER_PORT) if n not in environ]
        if missing and size > 1:
            raise ValueError(
                f"{WORLD_SIZE}={size} but {', '.join(missing)} not set: start the processes "
                "with `python -m tilert.distributed.run -n N script.py` or `torchrun`"
            )
        rank = _number(environ, RANK) if RANK in environ else 0
        if not 0 <= rank < size:
            raise ValueError(f"{RANK}={rank} is outside a world of {WORLD_SIZE}={size}")
        local = _number(environ, LOCAL_RANK) if LOCAL_RANK in environ else rank
        if local < 0:
            raise ValueError(f"{LOCAL_RANK}={local}: a device index is not negative")
        port = _number(environ, MASTER_PORT) if MASTER_PORT in environ else 29500
        if not 0 < port < 65536:
            raise ValueError(f"{MASTER_PORT}={port} is not a TCP port")
        addr = environ.get(MASTER_ADDR, "127.0.0.1").strip() or "127.0.0.1"
        return cls(rank, size, local, addr, port)


def _number(environ: Mapping[str, str], name: str) -> int:
    text = environ[name]
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{name}={text!r} is not an integer") from None
