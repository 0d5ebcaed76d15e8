"""Remove a folder a learner's code could write into, without ever acting outside it.

A submission's folder may hold anything the learner's code made there:
symbolic links to the teacher's folders, folders without permissions, trees
thousands of levels deep, names of any length. :func:`remove_tree`

* never follows a symbolic link (a link is removed, its target untouched),
* changes permissions only of folders it has opened *inside* the tree
  (``O_NOFOLLOW``, same file system), never of anything a link points at,
* walks with one open folder at a time and a list of names, no recursion, so
  any depth and any path length are fine,
* and returns what it could not remove instead of raising, so the caller can
  flag the run and name the leftover.

>>> import tempfile, pathlib, os
>>> top = pathlib.Path(tempfile.mkdtemp())
>>> outside = pathlib.Path(tempfile.mkdtemp()); outside.chmod(0o755)
>>> (top / "deep").mkdir(); os.symlink(outside, top / "deep" / "link")
>>> (top / "deep" / "locked").mkdir(mode=0o000)
>>> remove_tree(top), top.exists(), oct(outside.stat().st_mode & 0o777)
([], False, '0o755')
>>> outside.rmdir()
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["remove_tree"]

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
_PATH_FLAGS = getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
MAX_REPORTED = 20
"""Leftover paths named at most (a tree may hold thousands)."""


def _open_child(name: str, parent: int, dev: int) -> int | None:
    """An open folder ``name`` inside ``parent`` (made readable if it is ours), or None."""
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=parent)
    except PermissionError:
        pass
    except OSError:
        return None
    try:  # no read permission: open it as a path (never through a link), check it, make it ours to read
        pfd = os.open(name, _PATH_FLAGS, dir_fd=parent)
    except OSError:
        return None
    try:
        st = os.fstat(pfd)
        if not stat.S_ISDIR(st.st_mode) or st.st_dev != dev:
            return None
        os.chmod(f"/proc/self/fd/{pfd}", 0o700)
        return os.open(name, _DIR_FLAGS, dir_fd=parent)
    except OSError:
        return None
    finally:
        os.close(pfd)


def remove_tree(top: str | os.PathLike[str]) -> list[str]:
    """Delete ``top`` and everything under it; return the paths that could not be removed ([] when all went).

    ``top`` itself may be a link (then only the link goes) or missing (nothing to do).
    """
    root = Path(top)
    try:
        st = os.lstat(root)
    except FileNotFoundError:
        return []
    except OSError:
        return [str(root)]
    if not stat.S_ISDIR(st.st_mode):
        try:
            os.unlink(root)
            return []
        except OSError:
            return [str(root)]
    try:
        fd = os.open(root, _DIR_FLAGS)
    except OSError:
        return [str(root)]
    dev = st.st_dev
    names: list[str] = []  # the path from root to the folder ``fd`` holds
    stuck: set[tuple[int, int]] = set()  # folders that could not be emptied: not entered again
    left: list[str] = []

    def note(name: str) -> None:
        if len(left) < MAX_REPORTED:
            left.append(os.path.join(str(root), *names, name))

    while True:
        here = st
        try:
            here = os.fstat(fd)
            if stat.S_IMODE(here.st_mode) & 0o700 != 0o700:
                os.fchmod(fd, 0o700)  # a folder inside the tree, opened without following a link
        except OSError:
            pass
        child: tuple[int, str] | None = None
        try:
            entries = list(os.scandir(fd))
        except OSError:
            entries = []
            stuck.add((here.st_dev, here.st_ino))
        for entry in entries:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
                ident = (dev, entry.inode())
            except OSError:
                is_dir, ident = False, (0, 0)
            if is_dir:
                if ident in stuck:
                    continue
                sub = _open_child(entry.name, fd, dev)
                if sub is None:
                    stuck.add(ident)
                    note(entry.name)
                    continue
                child = (sub, entry.name)
                break
            try:
                os.unlink(entry.name, dir_fd=fd)
            except FileNotFoundError:
                pass
            except OSError:
                note(entry.name)
        if child is not None:
            os.close(fd)
            fd = child[0]
            names.append(child[1])
            continue
        # this folder holds nothing more we can remove: go up and remove it
        if not names:
            os.close(fd)
            try:
                os.rmdir(root)
            except OSError:
                if not left:
                    left.append(str(root))
            return left
        try:
            parent = os.open("..", _DIR_FLAGS, dir_fd=fd)
        except OSError:
            os.close(fd)
            left.append(os.path.join(str(root), *names))
            return left
        os.close(fd)
        fd = parent
        name = names.pop()
        try:
            os.rmdir(name, dir_fd=fd)
        except FileNotFoundError:
            pass
        except OSError:
            try:
                st2 = os.stat(name, dir_fd=fd, follow_symlinks=False)
                stuck.add((st2.st_dev, st2.st_ino))
            except OSError:
                pass
            note(name)
