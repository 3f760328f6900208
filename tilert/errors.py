"""The errors tilert raises. Each names what went wrong and where."""

from __future__ import annotations


class BorrowError(RuntimeError):
    """An ownership violation caught at run time: the tensor, the conflict, and the file:line
    where the conflicting borrow was taken."""


class RaceError(RuntimeError):
    """Two blocks of an ``unsafe=True`` kernel wrote the same element (interpreter only)."""


class KernelError(Exception):
    """A kernel that cannot be compiled or run: the rule broken and the kernel's file:line.

    ``diagnostics`` holds the tilecheck findings behind it (empty for launch-time errors)."""

    def __init__(self, message: str, diagnostics: tuple[object, ...] = ()) -> None:
        super().__init__(message)
        self.diagnostics = diagnostics


class UnrunOpWarning(ResourceWarning):
    """An op was garbage-collected without being run; its borrows were released."""
