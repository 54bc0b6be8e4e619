"""Railyard's Discord layer, the transport-neutral game service and the console."""
