"""The rules data of every game, one folder per game package.

Installed as the package ``railyard_data`` (see ``pyproject.toml``), so
``games.data.load_json`` finds it through importlib.resources from a
checkout and from a built wheel alike."""
