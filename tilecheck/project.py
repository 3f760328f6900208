"""Kernels imported from other modules of the checked tree.

``from .kernels import add``, ``from pkg.kernels import add`` and ``import pkg.kernels as k;
k.add(...)`` all name a kernel defined in another file. ``Project`` finds that file under the
checked paths, parses it once (cached by path and modification time), and returns the kernel's
launch signature, following re-exports (``pkg/__init__.py`` importing from ``.kernels``)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host.launch import LaunchSignature
from tilecheck.import_scan import imported_modules
from tilecheck.names import NameResolver

_MAX_REEXPORTS = 8  # how many ``from x import y`` hops a name is followed through


@frozen
class _Parsed:
    mtime_ns: int
    kernels: Mapping[str, LaunchSignature]
    resolver: NameResolver | None  # None: the file did not parse
    module: cst.Module | None = None


def _package_root(directory: Path) -> Path:
    """The directory a top-level import of ``directory``'s package starts from."""
    while (directory / "__init__.py").is_file() and directory.parent != directory:
        directory = directory.parent
    return directory


class Project:
    """The checked tree, as far as kernel imports go."""

    def __init__(self, roots: Sequence[Path], *, kernel_decorators: Sequence[str] = ()) -> None:
        self.roots = tuple(Path(os.path.abspath(r)) for r in roots)
        self.kernel_decorators = tuple(kernel_decorators)
        bases: list[Path] = []
        for root in self.roots:
            directory = root if root.is_dir() else root.parent
            for base in (directory, _package_root(directory)):
                if base not in bases:
                    bases.append(base)
        self.bases = tuple(bases)
        self._parsed: dict[Path, _Parsed] = {}
        self._looked_up: dict[tuple[str, Path | None], Path | None] = {}  # -> what was found
        # What a wrapper imports: tilert, or the module of a configured kernel decorator.
        self._wrapped = ("tilert", *(d.rpartition(".")[0] for d in self.kernel_decorators))
        self._users: dict[Path, bool] = {}  # module file -> whether it uses tilert, transitively
        self._imports: dict[tuple[str, Path], Path | None] = {}  # (module, importer's folder)

    # -- finding files ----------------------------------------------------------------------
    def module_path(self, module: str, importer: Path | None = None) -> Path | None:
        """The file of ``module`` (dotted; leading dots are relative to ``importer``)."""
        found = self._find(module, importer)
        self._looked_up[(module, importer)] = found
        return found

    def _find(self, module: str, importer: Path | None) -> Path | None:
        level = len(module) - len(module.lstrip("."))
        parts = [p for p in module[level:].split(".") if p]
        if level:
            if importer is None:
                return None
            directory = Path(os.path.abspath(importer)).parent
            for _ in range(level - 1):
                directory = directory.parent
            return self._file_in(directory, parts)
        bases = list(self.bases)
        if importer is not None:
            own = _package_root(Path(os.path.abspath(importer)).parent)
            if own not in bases:
                bases.append(own)
        for base in bases:
            found = self._file_in(base, parts)
            if found is not None:
                return found
        return None

    @staticmethod
    def _file_in(directory: Path, parts: list[str]) -> Path | None:
        target = directory.joinpath(*parts) if parts else directory
        if parts and target.with_suffix(".py").is_file():
            return target.with_suffix(".py")
        if (target / "__init__.py").is_file():
            return target / "__init__.py"
        return None

    # -- which files concern tilert ------------------------------------------------------
    def imports_tilert_user(self, data: bytes, importer: str | Path) -> bool:
        """Whether a file's bytes import a module of the checked tree that uses tilert: one
        that imports tilert (or the module of a configured kernel decorator), or imports such
        a module in turn (a wrapper of a wrapper). Read by a byte search for import
        statements, never a parse; each module's answer is kept for the project's lifetime
        (the editor's server makes a fresh project when a file changes on disk)."""
        here = Path(os.path.abspath(importer))
        return any(
            found is not None and self._uses_tilert(found)
            for found in (self._imported(m, here) for m in imported_modules(data))
        )

    def _imported(self, module: str, importer: Path) -> Path | None:
        key = (module, importer.parent)
        if key not in self._imports:
            self._imports[key] = self._find(module, importer)
        return self._imports[key]

    def _wraps(self, module: str) -> bool:
        return any(module == w or module.startswith(w + ".") for w in self._wrapped if w)

    def _uses_tilert(self, path: Path) -> bool:
        known = self._users.get(path)
        if known is not None:
            return known
        seen: set[Path] = set()
        if self._reaches_tilert(path, seen):
            return True
        for visited in seen:  # nothing reachable from ``path`` names tilert
            self._users[visited] = False
        return False

    def _reaches_tilert(self, path: Path, seen: set[Path]) -> bool:
        """A search of the import graph from ``path`` for a file naming tilert; only a True
        answer is kept here (a False one may hang on a file still being searched)."""
        known = self._users.get(path)
        if known is not None:
            return known
        seen.add(path)
        try:
            data = path.read_bytes()
        except OSError:
            return False
        modules = imported_modules(data)
        if any(self._wraps(m) for m in modules) or any(
            found is not None and found not in seen and self._reaches_tilert(found, seen)
            for found in (self._imported(m, path) for m in modules)
        ):
            self._users[path] = True
            return True
        return False

    # -- kernels ----------------------------------------------------------------------------
    def kernel(self, canonical: str, importer: str | Path | None = None) -> LaunchSignature | None:
        """The kernel a name resolves to (``"pkg.kernels.add"``, ``".kernels.add"``), or None
        when it is not a kernel defined under the checked paths."""
        return self._kernel(canonical, Path(importer) if importer is not None else None, 0)

    def _kernel(self, canonical: str, importer: Path | None, hops: int) -> LaunchSignature | None:
        module, _, name = canonical.rpartition(".")
        if not module or not name or hops > _MAX_REEXPORTS:
            return None
        path = self.module_path(module, importer)
        if path is None:
            return None
        parsed = self._parse(path)
        if name in parsed.kernels:
            return parsed.kernels[name]
        if parsed.resolver is None:
            return None
        target = parsed.resolver.resolve(name)  # re-exported from elsewhere?
        if target is None or target == canonical:
            return None
        return self._kernel(target, path, hops + 1)

    def module_of(
        self, module: str, importer: str | Path | None
    ) -> tuple[Path, int, cst.Module, NameResolver] | None:
        """A module of the checked tree, parsed: its file, modification time, tree and names."""
        path = self.module_path(module, Path(importer) if importer is not None else None)
        if path is None:
            return None
        parsed = self._parse(path)
        if parsed.module is None or parsed.resolver is None:
            return None
        return path, parsed.mtime_ns, parsed.module, parsed.resolver

    def fingerprint(self) -> tuple[object, ...]:
        """What every module looked up so far resolves to now, and the modification times of
        the files read: equal fingerprints mean every answer given would be given again."""
        found = tuple((key, self._find(*key)) for key in sorted(self._looked_up, key=str))
        return found, tuple((path, self._mtime(path)) for path in sorted(self._parsed))

    @staticmethod
    def _mtime(path: Path) -> int:
        try:
            return path.stat().st_mtime_ns
        except OSError:
            return -1

    def kernels_in(self, path: Path) -> Mapping[str, LaunchSignature]:
        """The kernels a file defines at top level."""
        return self._parse(Path(os.path.abspath(path))).kernels

    def _parse(self, path: Path) -> _Parsed:
        try:
            mtime = path.stat().st_mtime_ns
        except OSError:
            return _Parsed(-1, {}, None)
        cached = self._parsed.get(path)
        if cached is not None and cached.mtime_ns == mtime:
            return cached
        parsed = self._read(path, mtime)
        self._parsed[path] = parsed
        return parsed

    def _read(self, path: Path, mtime: int) -> _Parsed:
        from tilecheck.host.kernels import module_launchables
        from tilecheck.kernel import ImportResolver
        from tilecheck.parsing import too_long_an_expression

        try:
            source = path.read_bytes().decode("utf-8")
            if too_long_an_expression(source, str(path)) is not None:  # libcst would hang
                return _Parsed(mtime, {}, None)
            module = cst.parse_module(source)
        except (OSError, cst.ParserSyntaxError, UnicodeDecodeError):
            return _Parsed(mtime, {}, None)
        resolver = ImportResolver(module, self.kernel_decorators)
        defs = [s for s in module.body if isinstance(s, cst.FunctionDef)]
        kernels = module_launchables(module.body, defs, resolver, self.kernel_decorators)
        return _Parsed(mtime, kernels, resolver, module)
