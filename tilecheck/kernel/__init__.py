"""The kernel-body analysis: the rules TC201-TC211 over ``@tr.kernel`` and ``@tr.function``
bodies, one implementation for the static checker and the runtime (TC207-TC211, which need a
launch's shapes, through ``LaunchRules`` at the first launch of each signature).

Both call into here with a ``NameResolver`` of their own: the static checker with an
``ImportResolver`` built from the module's syntax, the runtime
(``tilert._core.validation``) with one built from the kernel function's globals. The passes
see only syntax plus those answers."""

from __future__ import annotations

from tilecheck.kernel.checker import LaunchRules, check_kernel, check_kernel_source
from tilecheck.kernel.resolver import ImportResolver
from tilecheck.kernel.signature import is_kernel_decorated, parse_signature, signature_of

__all__ = [
    "ImportResolver",
    "LaunchRules",
    "check_kernel",
    "check_kernel_source",
    "is_kernel_decorated",
    "parse_signature",
    "signature_of",
]
