"""Machiavelli."""
