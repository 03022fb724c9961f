"""The guide's Python samples (docs/guide/samples/python) run against the installed package, so
that a changed API breaks CI rather than the guide's pages, which include those files."""

import pathlib
import runpy

import pytest

SAMPLES = pathlib.Path(__file__).resolve().parents[3] / "docs" / "guide" / "samples" / "python"


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.py")), ids=lambda p: p.name)
def test_sample_runs(sample, capsys):
    runpy.run_path(str(sample), run_name="__main__")
    # Each sample prints what it found, as the page says it does.
    assert capsys.readouterr().out


def test_samples_are_there():
    # A moved folder would otherwise leave nothing to run, and this file passing for nothing.
    assert any(SAMPLES.glob("*.py"))
