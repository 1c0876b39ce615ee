#!/usr/bin/env python3
"""The pages of `explore --html` played in a real browser: headless Chromium through WebDriver.

Each case runs the program on a puzzle with `--html` and `--output json`, loads the page it
wrote from disk, steps through it with key presses (the right arrow; then Home, End and the
left arrow), and checks after each step that the counts the page shows are those recorded for
that step, that the whole run's counts and each depth's row are those of the program's JSON,
and at the end that the page shows the solutions the program printed. It also checks that the
page asked for nothing over the network or from another file, and logged no error.

Usage: tests/browser/test_page.py PROGRAM [--screenshots DIR]
(.ci/browser installs what it needs and runs it.)
"""

import json
import os
import re
import sys
import tempfile
import unittest
import subprocess
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = None
SCREENSHOTS = None
# Steps checked one by one in each page; a longer page is checked over its first steps and its
# last frame.
MAX_STEPS = 60

EMPTY_25 = "." * 625

# (name, arguments, strategies shown): every strategy, every size the tests' data has.
CASES = [
    ("4x4 bfs", ["--all", "......1.21....21", "-s", "bfs"]),
    ("4x4 dfs", ["--all", "......1.21....21", "-s", "dfs"]),
    ("4x4 bitmask", ["--all", "......1.21....21", "-s", "bitmask"]),
    ("4x4 backtrack", ["--all", "......1.21....21", "-s", "backtrack"]),
    ("4x4 empty bfs, 288 solutions", ["--all", "................", "-s", "bfs"]),
    ("6x6 dfs", ["...4.1....5.3.4.......2...3...14.2..", "-s", "dfs"]),
    ("9x9 demo bfs", ["-s", "bfs"]),
    ("9x9 demo dfs", ["-s", "dfs"]),
    ("9x9 demo bfs learning", ["-s", "bfs", "--learn", "clauses", "--forced", "hidden"]),
    ("9x9 demo dfs learning, per depth", ["-s", "dfs", "--learn", "clauses"]),
    ("16x16", [str(ROOT / "tests/data/16x16_janko.txt"), "--max-solutions", "1"]),
    ("16x16 empty dfs", ["--box", "4x4", "." * 256, "-s", "dfs", "--max-solutions", "3"]),
    ("25x25 per depth", ["--box", "5x5", EMPTY_25, "--forced", "naked", "--all",
                         "--max-nodes", "5000"]),
]


def run_program(args, page):
    """The program's JSON objects for `args`, with its page written to `page`."""
    out = subprocess.run([PROGRAM, *args, "--html", str(page), "--output", "json", "-q"],
                         capture_output=True, text=True, check=False)
    assert out.returncode in (0, 1), out.stderr
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def driver():
    options = webdriver.ChromeOptions()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--window-size=1024,768")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    binary = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if os.path.exists(binary):
        options.binary_location = binary
    service = None
    if os.path.exists("/usr/bin/chromedriver"):
        service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


READ = """
const run = document.querySelector('[data-run="0"]');
const values = (attr) => {
  const out = {};
  for (const el of run.querySelectorAll('[' + attr + ']')) {
    if (el.hasAttribute('data-value')) out[el.getAttribute(attr)] = Number(el.getAttribute('data-value'));
  }
  return out;
};
const rows = [...run.querySelectorAll('table.depths tr[data-depth]')].map((tr) => {
  const row = {depth: Number(tr.getAttribute('data-depth'))};
  for (const td of tr.querySelectorAll('td[data-key]')) {
    const key = td.getAttribute('data-key');
    row[key] = td.hasAttribute('data-value') ? Number(td.getAttribute('data-value'))
      : Number(td.textContent.replace(/,/g, ''));
  }
  return row;
});
return {
  position: window.explorePlayer.state.position,
  max: window.explorePlayer.maxPosition,
  now: values('data-count'),
  total: values('data-total'),
  rows,
  solutions: [...run.querySelectorAll('[data-solution]')].map((el) => el.textContent),
  live: document.getElementById('live').textContent,
  hash: location.hash,
};
"""


def counts_after(recording, p):
    """The counts after the first `p` steps, added up from the boards those steps expanded:
    each its forced cells and its fate, and the children it made join the boards waiting."""
    boards, steps = recording["boards"], recording["steps"]
    children = [0] * len(boards["parent"])
    for parent in boards["parent"]:
        if parent is not None:
            children[parent] += 1
    now = {"nodes": p, "waiting": 1, "forced": 0, "guesses": 0, "dead": 0, "found": 0}
    for board in steps["board"][:p]:
        fate = boards["fate"][board]
        now["waiting"] += children[board] - 1
        now["forced"] += boards["forced"][board]
        now["guesses"] += fate == "b" and children[board] > 1
        now["dead"] += fate in "dc"
        now["found"] += fate == "s"
    return now


class Pages(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.browser = driver()

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.dir.cleanup()

    def load(self, page, fragment=""):
        self.browser.get_log("browser")
        self.browser.get_log("performance")
        self.browser.get(page.as_uri() + fragment)
        return self.browser.find_element(By.TAG_NAME, "body")

    def embedded(self):
        text = self.browser.execute_script(
            "return document.getElementById('recording').textContent")
        return json.loads(text)

    def press(self, key):
        ActionChains(self.browser).send_keys(key).perform()
        return self.browser.execute_script(READ)

    def check_quiet(self, page, what):
        errors = [entry for entry in self.browser.get_log("browser")
                  if entry["level"] in ("SEVERE", "WARNING")]
        self.assertEqual(errors, [], what)
        requests = []
        for entry in self.browser.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                requests.append(message["params"]["request"]["url"])
        self.assertTrue(all(url.split("#")[0] == page.as_uri() for url in requests),
                        f"{what}: requests {requests}")
        resources = self.browser.execute_script(
            "return performance.getEntriesByType('resource').map((e) => e.name)")
        self.assertEqual(resources, [], what)

    def check_counts(self, shown, recording, program, what):
        """The counts shown at a position against the recording and the program's JSON."""
        stats = program["stats"]
        p = shown["position"]
        for key in ("nodes", "forced", "guesses", "dead", "found", "peak_frontier",
                    "peak_frontier_bytes"):
            self.assertEqual(shown["total"].get(key.replace("peak_", "")
                                                if key.startswith("peak_") else key),
                             stats[key], f"{what} step {p}: whole run's {key}")
        if recording["note"] is None:
            if p > 0:
                now = counts_after(recording, p)
                for key in ("nodes", "forced", "guesses", "dead", "found", "waiting"):
                    self.assertEqual(shown["now"][key], now[key], f"{what} step {p}: {key}")
            else:
                self.assertEqual(shown["now"]["nodes"], 0)
        elif p > 0:
            row = stats["per_depth"][p - 1]
            for key in ("boards", "forced", "children", "dead", "found", "frontier",
                        "frontier_bytes"):
                self.assertEqual(shown["now"][key], row[key], f"{what} depth row {p - 1}: {key}")
        for row in shown["rows"]:
            mine = stats["per_depth"][row["depth"]]
            for key in ("boards", "dead", "found", "frontier", "frontier_bytes"):
                self.assertEqual(row[key], mine[key], f"{what} step {p}: depth {row['depth']}")
        self.assertIn(f"Step {p} of {shown['max']}", shown["live"])
        self.assertEqual(shown["hash"], f"#step={p}")

    def check_solved_boards(self, recording, program, name):
        """Every solved board, as the page rebuilds it from the recorded changes, is one of
        the solutions the program printed (when it printed them all)."""
        if recording["note"] is not None or len(program["solutions"]) != program["count"]:
            return
        side = recording["size"]
        solved = [board for board, fate in enumerate(recording["boards"]["fate"]) if fate == "s"]
        for board in solved[:50]:
            cells = self.browser.execute_script(
                f"return window.explorePlayer.cells(0, {board});")
            if side > 35:
                line = " ".join(str(cell) for cell in cells)
            else:
                line = "".join("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[cell] if cell else "."
                               for cell in cells)
            self.assertIn(line, program["solutions"], f"{name}: board {board}")

    def check_columns(self, recording, name):
        """The columns have an entry per board and per step, and each step's changed cells
        are within the board."""
        boards, steps = recording["boards"], recording["steps"]
        n = len(boards["parent"])
        for key in ("depth", "guess_cell", "guess", "fate", "cell", "forced"):
            self.assertEqual(len(boards[key]), n, f"{name}: boards.{key}")
        self.assertEqual(len(steps["changed"]), len(steps["board"]), f"{name}: steps.changed")
        self.assertEqual(len(steps["changes"]), 2 * sum(steps["changed"]), name)
        cells = recording["size"] ** 2
        self.assertTrue(all(0 <= index < cells for index in steps["changes"][::2]), name)

    def play(self, name, args):
        page = Path(self.dir.name) / (re.sub(r"\W+", "-", name) + ".html")
        program = run_program(args, page)[0]
        self.load(page)
        recording = self.embedded()["runs"][0]
        self.assertEqual(recording["stats"]["nodes"], program["stats"]["nodes"], name)
        shown = self.browser.execute_script(READ)
        self.assertEqual(shown["position"], 0)
        self.check_counts(shown, recording, program, name)
        steps = min(shown["max"], MAX_STEPS)
        for _ in range(steps):
            shown = self.press(Keys.ARROW_RIGHT)
            self.check_counts(shown, recording, program, name)
        self.assertEqual(shown["position"], steps)
        # The last frame: the program's solutions, and when the walk ran to its end, the
        # counts so far are the program's.
        shown = self.press(Keys.END)
        self.assertEqual(shown["position"], shown["max"])
        self.check_counts(shown, recording, program, name)
        self.assertEqual(shown["solutions"], program["solutions"][:100], name)
        self.check_solved_boards(recording, program, name)
        if recording["note"] is None and recording["stop"] == "exhausted":
            stats = program["stats"]
            for key in ("nodes", "forced", "guesses", "dead", "found"):
                self.assertEqual(shown["now"][key], stats[key], f"{name}: last {key}")
        if recording["note"] is None:
            self.assertEqual(shown["max"], len(recording["steps"]["board"]))
            self.check_columns(recording, name)
        else:
            self.assertEqual(shown["max"], len(program["stats"]["per_depth"]))
        shown = self.press(Keys.ARROW_LEFT)
        self.assertEqual(shown["position"], max(0, shown["max"] - 1))
        self.check_counts(shown, recording, program, name)
        shown = self.press(Keys.HOME)
        self.assertEqual(shown["position"], 0)
        # Space plays, and again pauses.
        self.press(" ")
        playing = self.browser.execute_script("return window.explorePlayer.state.playing")
        self.assertTrue(playing or shown["max"] <= 1, name)
        self.press(" ")
        self.assertFalse(self.browser.execute_script("return window.explorePlayer.state.playing"))
        # A link to a step opens at that step.
        middle = shown["max"] // 2
        self.load(page, f"#step={middle}")
        shown = self.browser.execute_script(READ)
        self.assertEqual(shown["position"], middle)
        self.check_counts(shown, recording, program, name)
        self.check_quiet(page, name)
        return recording

    def test_every_strategy_and_size(self):
        seen = set()
        for name, args in CASES:
            with self.subTest(name):
                recording = self.play(name, args)
                seen.add((recording["strategy"], recording["size"], recording["note"] is None))
        self.assertTrue({s for s, _, _ in seen} >= {"bfs", "dfs", "bitmask", "backtrack"})
        self.assertTrue({n for _, n, _ in seen} >= {4, 6, 9, 16, 25})
        self.assertIn(("bfs", 25, False), seen)

    def test_two_strategies_step_together(self):
        page = Path(self.dir.name) / "compare.html"
        out = subprocess.run([PROGRAM, "compare", "......1.21....21", "--all",
                              "--strategies", "bfs,dfs", "--html", str(page), "-q"],
                             capture_output=True, text=True, check=False)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.load(page)
        runs = self.embedded()["runs"]
        self.assertEqual([run["strategy"] for run in runs], ["bfs", "dfs"])
        self.press(Keys.ARROW_RIGHT)
        self.press(Keys.ARROW_RIGHT)
        counts = self.browser.execute_script("""
          return [...document.querySelectorAll('[data-run]')].map((run) =>
            Number(run.querySelector('[data-count="nodes"]').getAttribute('data-value')));""")
        self.assertEqual(counts, [2, 2])
        self.check_quiet(page, "compare")
        if SCREENSHOTS:
            self.load(page, "#step=6")
            self.browser.save_screenshot(str(SCREENSHOTS / "play-4x4-bfs-dfs.png"))

    def test_the_controls_jump_and_step(self):
        page = Path(self.dir.name) / "controls.html"
        program = run_program(["-s", "bfs"], page)[0]
        self.load(page, "#step=3")
        recording = self.embedded()["runs"][0]
        state = "return [window.explorePlayer.state.position, window.explorePlayer.state.playing]"
        step = self.browser.find_element(By.ID, "forward")
        step.send_keys(Keys.ENTER)
        self.assertEqual(self.browser.execute_script(state), [4, False])
        # Space plays and pauses wherever the focus is, on a button too.
        step.send_keys(" ")
        self.assertTrue(self.browser.execute_script(state)[1])
        step.send_keys(" ")
        self.assertFalse(self.browser.execute_script(state)[1])
        board = self.browser.find_element(By.ID, "board-input")
        board.send_keys("50", Keys.ENTER)
        self.assertEqual(self.browser.execute_script(state), [50, False])
        depth = self.browser.find_element(By.ID, "depth-input")
        depth.send_keys("7", Keys.ENTER)
        first = next(i + 1 for i, board in enumerate(recording["steps"]["board"])
                     if recording["boards"]["depth"][board] == 7)
        shown = self.browser.execute_script(READ)
        self.assertEqual(shown["position"], first)
        self.assertIn("at depth 7", shown["live"])
        self.check_counts(shown, recording, program, "controls")
        self.check_quiet(page, "controls")

    def test_a_step_names_its_candidates_and_clauses(self):
        """The text of a step is read from the columns: a board that branched names the
        candidates its clones hold, a board cut by a clause names that clause, and a dead
        board the clauses it taught."""
        page = Path(self.dir.name) / "words.html"
        run_program(["-s", "bfs", "--learn", "clauses", "--forced", "hidden"], page)
        self.load(page, "#step=1")
        recording = self.embedded()["runs"][0]
        boards, steps, clauses = recording["boards"], recording["steps"], recording["clauses"]
        live = self.browser.execute_script(READ)["live"]
        children = [id for id, parent in enumerate(boards["parent"]) if parent == 0]
        digits = ", ".join("123456789"[boards["guess"][id] - 1] for id in children)
        self.assertIn(f"a clone per candidate ({digits})", live)
        visit = {board: i for i, board in enumerate(steps["board"])}
        cut, clause = clauses["cut"][0], clauses["cut"][1]
        self.load(page, f"#step={visit[cut] + 1}")
        self.assertIn(clauses["text"][clause], self.browser.execute_script(READ)["live"])
        board, clause = clauses["taught"][0], clauses["taught"][1]
        self.load(page, f"#step={visit[board] + 1}")
        self.assertIn("learned " + clauses["text"][clause],
                      self.browser.execute_script(READ)["live"])
        self.check_quiet(page, "words")

    def test_the_page_fits_a_phone(self):
        page = Path(self.dir.name) / "phone.html"
        run_program(["-s", "bfs"], page)
        self.browser.set_window_size(360, 740)
        try:
            self.load(page, "#step=20")
            width = self.browser.execute_script(
                "return document.documentElement.scrollWidth")
            inner = self.browser.execute_script("return window.innerWidth")
            self.assertLessEqual(width, inner, "the page scrolls sideways at 360 px")
        finally:
            self.browser.set_window_size(1024, 768)

    def test_a_screenshot_of_learning(self):
        if not SCREENSHOTS:
            self.skipTest("screenshots only when asked for")
        page = Path(self.dir.name) / "learn.html"
        run_program(["-s", "bfs", "--learn", "clauses", "--forced", "hidden"], page)
        self.load(page, "#step=40")
        self.browser.save_screenshot(str(SCREENSHOTS / "play-9x9-learning.png"))


if __name__ == "__main__":
    PROGRAM = str(Path(sys.argv[1]).resolve())
    rest = sys.argv[2:]
    if rest[:1] == ["--screenshots"]:
        SCREENSHOTS = Path(rest[1]).resolve()
        rest = rest[2:]
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)
