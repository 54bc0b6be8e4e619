"""Packaging beyond what pyproject.toml can say: the top-level ``data/``
folder installs as the package ``railyard_data`` (the rules data ships with
the code; ``games.data.load_json`` reads it through importlib.resources).

pyproject.toml's ``packages.find`` cannot rename a folder, so the code
packages are found here and ``railyard_data`` is added with its folder."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["games*", "rendering*", "bot*"]), "railyard_data"],
    package_dir={"railyard_data": "data"},
)
