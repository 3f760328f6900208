"""The one compiled piece: tilert's launch fast path, ``tilert._fast``, built from the C files of
tilert/_fast_src/ (fast.h says what each does). Optional: without a C compiler the install goes
on and tilert runs its Python alone (see tilert/_accel.py).

Also where the packages' folders are chosen (docs/decisions.md, "Packaging"): src/ in a
checkout, the folders themselves in an sdist; and the build step that puts examples/ into the
wheel for ``python -m tilert.demo``."""

import os
import sys
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SOURCES = "tilert/_fast_src"  # setuptools wants paths relative to this folder, "/"-separated
PLUGIN = "mypy_plugin"  # the folder holding tilecheck_mypy

if os.path.lexists(HERE / "src" / "tilert"):
    # a checkout: src/ holds links to the three packages, so that an editable install puts one
    # static path on sys.path, which mypy and other static tools read
    if not (HERE / "src" / "tilert").is_dir():
        sys.exit("src/tilert is not a folder: clone with symlinks (git config core.symlinks true)")
    package_dir = {"": "src"}
    packages = find_packages("src", include=["tilecheck*", "tilert*", "tilecheck_mypy*"])
else:
    # an sdist: the folders as the repository has them (its tests read them there); setuptools
    # copies the links' targets into an sdist, so MANIFEST.in prunes src/ and takes these
    package_dir = {"": ".", "tilecheck_mypy": f"{PLUGIN}/tilecheck_mypy"}
    packages = find_packages(".", include=["tilecheck", "tilecheck.*", "tilert", "tilert.*"])
    packages += find_packages(PLUGIN, include=["tilecheck_mypy*"])


class BuildPyWithExamples(build_py):
    """Copies examples/*.py into the built package as ``tilert/_examples``, so that the demo of
    an installed wheel runs them; git holds them once, in examples/, which users read and a
    checkout's demo runs directly. An editable install needs no copy."""

    def run(self) -> None:
        super().run()
        examples = HERE / "examples"
        if getattr(self, "editable_mode", False) or not examples.is_dir():
            return
        dest = Path(self.build_lib) / "tilert" / "_examples"
        self.mkpath(str(dest))
        for path in sorted(examples.glob("*.py")):
            self.copy_file(str(path), str(dest / path.name))


fast = Extension(
    "tilert._fast",
    sorted(p.relative_to(HERE).as_posix() for p in (HERE / SOURCES).glob("*.c")),
    # the shared header: a change rebuilds every file, and the sdist carries it
    depends=[f"{SOURCES}/fast.h"],
    # the files share tf_* symbols among themselves: only PyInit__fast is exported
    extra_compile_args=[] if sys.platform == "win32" else ["-fvisibility=hidden"],
    libraries=["dl"] if sys.platform == "linux" else [],
    optional=True,
)
setup(
    package_dir=package_dir,
    packages=packages,
    ext_modules=[fast],
    cmdclass={"build_py": BuildPyWithExamples},
)
