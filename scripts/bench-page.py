#!/usr/bin/env python3
"""The targets of `explore --html`, measured: the demo puzzle's page size, its first frame
painted in headless Chromium, a step's redraw (median over a whole play, measured in the page
with performance.now(), the layout included), and the time the program takes to write the
page against the same search with --trace (rounds alternated, medians of wall time and of the
CPU time the process used, user and system).

Usage: scripts/bench-page.py [PROGRAM] (default target/ci/explore). Needs chromium,
chromium-driver and Python's selenium, as .ci/browser installs them.
"""

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from test_page import driver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = str(Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "target/ci/explore").resolve())
ROUNDS = 15

# (name, arguments): the demo, strategies side by side, and each strategy near the bound.
PAGES = [
    ("demo, bfs", ["-s", "bfs"]),
    ("demo, dfs", ["-s", "dfs"]),
    ("demo, bfs learning", ["--learn", "clauses", "--forced", "hidden"]),
    ("empty 9x9, dfs, 15,000 boards", ["-s", "dfs", "--all", "--max-nodes", "15000",
                                       "." * 81]),
    # bfs makes every child of a level at once: 3,500 expanded make about 20,000 boards.
    ("empty 9x9, bfs, 3,500 boards", ["-s", "bfs", "--all", "--max-nodes", "3500",
                                      "." * 81]),
    ("empty 9x9, bitmask, 15,000 boards", ["-s", "bitmask", "--all", "--max-nodes", "15000",
                                           "." * 81]),
    ("empty 9x9, backtrack, 15,000 boards", ["-s", "backtrack", "--all", "--max-nodes",
                                             "15000", "." * 81]),
]


def write(args, page):
    subprocess.run([PROGRAM, *args, "--html", str(page), "-q", "-o", "line"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


def timed(command):
    """Wall and CPU seconds of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu


def main():
    work = Path(tempfile.mkdtemp())
    browser = driver()
    print(f"program: {PROGRAM}")
    print("| page | size | first paint (median of 5) | redraw median | redraw p95 | steps |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, args in PAGES:
        page = work / "page.html"
        write(args, page)
        size = page.stat().st_size
        paints = []
        for _ in range(5):
            browser.get("about:blank")
            browser.get(page.as_uri())
            paint = None
            for _ in range(50):
                paint = browser.execute_script(
                    "const e = performance.getEntriesByName('first-contentful-paint');"
                    "return e.length ? e[0].startTime : null;")
                if paint is not None:
                    break
                time.sleep(0.1)
            if paint is not None:
                paints.append(paint)
        # A long play is timed over its last 2,000 steps, where the most boards wait.
        most = browser.execute_script("return window.explorePlayer.maxPosition")
        if most > 2000:
            browser.get(page.as_uri() + f"#step={most - 2000}")
        Select(browser.find_element(By.ID, "speed")).select_by_value("0")
        browser.execute_script("window.explorePlayer.timings.length = 0;")
        browser.find_element(By.TAG_NAME, "body").send_keys(" ")
        while browser.execute_script("return window.explorePlayer.state.playing"):
            time.sleep(0.2)
        timings = browser.execute_script("return window.explorePlayer.timings")
        timings.sort()
        p95 = timings[int(len(timings) * 0.95) - 1] if timings else 0
        print(f"| {name} | {size / 1000:.0f} KB | {statistics.median(paints):.0f} ms ({len(paints)} painted) | "
              f"{statistics.median(timings):.2f} ms | {p95:.2f} ms | {len(timings)} |")
    browser.quit()

    print()
    print("| search | `--trace` | `--html` | ratio | CPU `--trace` | CPU `--html` | CPU ratio |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, args in PAGES:
        trace, html = [], []
        for _ in range(ROUNDS):
            trace.append(timed([PROGRAM, *args, "--trace", "-q", "-o", "line"]))
            html.append(timed([PROGRAM, *args, "--html", str(work / "w.html"), "-q", "-o",
                               "line"]))
        t, h = (statistics.median(w for w, _ in runs) for runs in (trace, html))
        tc, hc = (statistics.median(c for _, c in runs) for runs in (trace, html))
        print(f"| {name} | {t * 1000:.1f} ms | {h * 1000:.1f} ms | {h / t:.2f} | "
              f"{tc * 1000:.1f} ms | {hc * 1000:.1f} ms | {hc / tc:.2f} |")


if __name__ == "__main__":
    main()
