"""The guide's Python samples (docs/guide/samples/python) run against the installed package, so
that a changed API breaks CI rather than the guide's pages, which include those files. The game
samples play a bounded number of frames on their own (GUIDE_FRAMES) and check what they drew:
pygame's with SDL's dummy video driver, arcade's on a display (Xvfb in ci.sh), and only where
arcade is installed."""

import importlib.util
import os
import pathlib
import runpy

import pytest

SAMPLES = pathlib.Path(__file__).resolve().parents[3] / "docs" / "guide" / "samples" / "python"
# Set by ci.sh where arcade and a display are there: the arcade sample must run, not be skipped.
ARCADE_REQUIRED = os.environ.get("COLLIDE2D_GUIDE_ARCADE") == "1"


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.py")), ids=lambda p: p.name)
def test_sample_runs(sample, capsys, monkeypatch):
    if sample.name.startswith("arcade") and not ARCADE_REQUIRED:
        if importlib.util.find_spec("arcade") is None or not os.environ.get("DISPLAY"):
            pytest.skip("arcade and a display are needed (ci.sh runs it under Xvfb)")
    # The game samples import the level from the sample beside them, as they do when run.
    monkeypatch.syspath_prepend(str(SAMPLES))
    monkeypatch.setenv("GUIDE_FRAMES", "150")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    runpy.run_path(str(sample), run_name="__main__")
    # Each sample prints what it found, as the page says it does.
    assert capsys.readouterr().out


def test_samples_are_there():
    # A moved folder would otherwise leave nothing to run, and this file passing for nothing.
    assert any(SAMPLES.glob("*.py"))
