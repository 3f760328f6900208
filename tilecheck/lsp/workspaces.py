"""What a check needs besides the text: the ``[tool.tilecheck]`` settings that apply to a file
and the ``Project`` (cross-file kernel resolution) of the workspace folder holding it.

Settings are cached per directory and projects per (folder, kernel decorators), so a check costs
no file system walk after the first one. Everything here runs on the checker's one worker
thread, so nothing needs a lock."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tilecheck.config import Config, ConfigError, load_config
from tilecheck.discovery import Excluder
from tilecheck.project import Project


@dataclass(frozen=True)
class Settings:
    config: Config
    project: Project | None
    excluded: bool
    config_error: str | None = None  # the config could not be read: defaults apply


def _contains(folder: Path, path: Path) -> bool:
    return path == folder or folder in path.parents


class Workspaces:
    def __init__(self) -> None:
        self._configs: dict[Path, tuple[Config, str | None]] = {}
        self._projects: dict[tuple[Path, tuple[str, ...]], Project] = {}

    def settings(self, path: Path | None, folders: Sequence[Path]) -> Settings:
        """The settings for the file at ``path`` (None: a document with no file, checked with
        the defaults and no project) in a workspace made of ``folders``."""
        if path is None:
            return Settings(Config(), None, excluded=False)
        path = Path(os.path.abspath(path))
        config, error = self._config(path.parent)
        excluded = Excluder(config).excluded(path)
        return Settings(
            config, self._project(self._root(path, folders, config), config), excluded, error
        )

    def _config(self, directory: Path) -> tuple[Config, str | None]:
        cached = self._configs.get(directory)
        if cached is None:
            try:
                cached = (load_config(directory), None)
            except ConfigError as e:
                cached = (Config(), str(e))
            self._configs[directory] = cached
        return cached

    @staticmethod
    def _root(path: Path, folders: Sequence[Path], config: Config) -> Path:
        """The workspace folder holding ``path`` (the innermost), else the folder of its
        config file, else its own folder."""
        holding = [f for f in folders if _contains(f, path)]
        if holding:
            return max(holding, key=lambda f: len(f.parts))
        if config.root is not None and _contains(config.root.absolute(), path):
            return config.root.absolute()
        return path.parent

    def _project(self, root: Path, config: Config) -> Project:
        key = (root, config.kernel_decorators)
        project = self._projects.get(key)
        if project is None:
            project = Project([root], kernel_decorators=config.kernel_decorators)
            self._projects[key] = project
        return project

    def file_changed(self, path: Path) -> None:
        """``path`` changed on disk: no project may answer from what it parsed before."""
        path = Path(os.path.abspath(path))
        stale = [key for key in self._projects if _contains(key[0], path)]
        for key in stale:
            # Project has no per-file invalidation; a fresh one is cheap (its cache refills
            # lazily, one parse per imported module).
            self._projects[key] = Project([key[0]], kernel_decorators=key[1])

    def config_changed(self) -> None:
        """A pyproject.toml changed: settings (and the decorators projects know) start over."""
        self._configs.clear()
        self._projects.clear()
