"""Which transport a world of several processes talks through: ``init(transport=...)``, else
``TILERT_DISTRIBUTED_TRANSPORT``, else the default: on the GPU NCCL's C API
(``nccl_transport``) where a libnccl loads, else torch's process group with a warning said
once; on the CPU torch's process group over gloo (NCCL needs GPUs)."""

from __future__ import annotations

import warnings
from collections.abc import Mapping

from tilert.distributed import _nccl
from tilert.distributed.collective import Transport
from tilert.distributed.env import Environment
from tilert.distributed.symmetric import SmallAllReduce

ENV = "TILERT_DISTRIBUTED_TRANSPORT"  # nccl | torch
CHOICES = ("nccl", "torch")

_warned = False  # the fallback to torch's process group is said once per process


def choose(transport: str | None, environ: Mapping[str, str]) -> str | None:
    """The argument, else the variable: "nccl", "torch", or None (the default); a ValueError
    naming the accepted values."""
    where = "transport" if transport is not None else ENV
    value = transport if transport is not None else environ.get(ENV)
    if value is None or not value.strip():
        return None
    value = value.strip().lower()
    if value not in CHOICES:
        raise ValueError(f"{where}={value!r}: expected one of {', '.join(CHOICES)}")
    return value


def start(
    env: Environment, device_kind: str, small: SmallAllReduce, choice: str | None
) -> Transport:
    """The transport ``choice`` asks for (None: the default), started from ``env``. Asked for
    explicitly, NCCL's C API off the GPU, or without a libnccl that loads, is an error;
    by default the second falls back to torch's process group (warned once)."""
    from tilert.distributed.torch_transport import TorchTransport, start_group

    on_gpu = device_kind == "cuda"
    if choice == "nccl" and not on_gpu:
        raise ValueError(
            f"transport='nccl' ({ENV}): NCCL's C API moves GPU memory, but tilert runs on the "
            f"{device_kind} here; leave the transport unset (torch.distributed over gloo) or "
            "run on GPUs (TILERT_BACKEND=cutile)"
        )
    if choice == "torch" or not on_gpu:
        return TorchTransport(env, device_kind, small)
    from tilert.distributed.nccl_transport import NcclTransport

    start_group(env, True, nccl_communicator=False)  # (torch first: its libnccl is the one found)
    try:
        lib = _nccl.load()
    except OSError as exc:
        if choice == "nccl":
            raise
        _fallback(str(exc))
        return TorchTransport(env, device_kind, small)
    return NcclTransport.start(env, small, lib)


def _fallback(why: str) -> None:
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(
            "tr.distributed: collectives go through torch.distributed's process group (its "
            f"per-call work on top of NCCL's), not NCCL's C API: {why}",
            RuntimeWarning,
            stacklevel=4,
        )
