"""A PEP 517 build backend of the standard library only.

It packs the package directory geister/ (with libgeister.so when it was
built into it) into a wheel; the metadata comes from pyproject.toml's
[project] table. Wheels with the library are tagged for this platform,
wheels without it are pure Python (the library is then found through
GEISTER_LIB).
"""

import base64
import hashlib
import os
import sysconfig
import tarfile
import zipfile

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBS = ("libgeister.so", "libgeister.dylib", "geister.dll")


def _project():
    path = os.path.join(HERE, "pyproject.toml")
    if tomllib is not None:
        with open(path, "rb") as f:
            return tomllib.load(f)["project"]
    # Python < 3.11: the few keys of [project] we use, read by hand.
    out, section = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("["):
                section = line
            elif section == "[project]" and "=" in line and not line.startswith("#"):
                k, v = (s.strip() for s in line.split("=", 1))
                if v.startswith('"'):
                    out[k] = v.strip('"')
    return out


def _files():
    root = os.path.join(HERE, "geister")
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in sorted(filenames):
            if name.endswith(".py") or name in LIBS or name == "py.typed":
                full = os.path.join(dirpath, name)
                yield full, os.path.relpath(full, HERE).replace(os.sep, "/")


def _metadata(p):
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + p["name"],
        "Version: " + p["version"],
        "Summary: " + p.get("description", ""),
        "Requires-Python: " + p.get("requires-python", ">=3"),
        "License: MIT",
    ]
    return "\n".join(lines) + "\n"


def _tag(has_lib):
    if not has_lib:
        return "py3-none-any"
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "py3-none-" + plat


def _digest(data):
    h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + h.decode()


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    p = _project()
    files = list(_files())
    has_lib = any(rel.rsplit("/", 1)[-1] in LIBS for _, rel in files)
    tag = _tag(has_lib)
    name = "%s-%s-%s.whl" % (p["name"], p["version"], tag)
    info = "%s-%s.dist-info" % (p["name"], p["version"])
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        def add(rel, data, mode=0o644):
            zi = zipfile.ZipInfo(rel, date_time=(2020, 1, 1, 0, 0, 0))
            zi.external_attr = (mode | 0o100000) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
            record.append("%s,%s,%d" % (rel, _digest(data), len(data)))

        for full, rel in files:
            with open(full, "rb") as f:
                add(rel, f.read(), 0o755 if rel.rsplit("/", 1)[-1] in LIBS else 0o644)
        add(info + "/METADATA", _metadata(p).encode())
        wheel = "Wheel-Version: 1.0\nGenerator: geister_build\nRoot-Is-Purelib: %s\nTag: %s\n" % (
            "false" if has_lib else "true", tag)
        add(info + "/WHEEL", wheel.encode())
        record.append(info + "/RECORD,,")
        z.writestr(info + "/RECORD", "\n".join(record) + "\n")
    return name


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    base = "%s-%s" % (p["name"], p["version"])
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in ["pyproject.toml", "_build/geister_build.py"]:
            t.add(os.path.join(HERE, rel), base + "/" + rel)
        for full, rel in _files():
            if rel.rsplit("/", 1)[-1] not in LIBS:
                t.add(full, base + "/" + rel)
        pkg = _metadata(p).encode()
        import io
        ti = tarfile.TarInfo(base + "/PKG-INFO")
        ti.size = len(pkg)
        t.addfile(ti, io.BytesIO(pkg))
    return name
