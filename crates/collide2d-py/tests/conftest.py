"""Shared helpers for the collide2d tests."""

import pathlib

import pytest

SPRITES = pathlib.Path(__file__).resolve().parents[2] / "collide2d" / "tests" / "data" / "sprites"


@pytest.fixture
def sprites():
    """The folder of test sprites that the Rust tests use too."""
    return SPRITES
