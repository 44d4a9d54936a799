"""How long does a person wait in the browser, and how much of it is the page's own pace?

Run from the repository root::

    .venv/bin/python benchmarks/page_pace.py                       # 26 of the person's cards
    .venv/bin/python benchmarks/page_pace.py --cards 52 --limit 400 --speed slow
    .venv/bin/python benchmarks/page_pace.py --bots hard           # the lobby's hard bots instead

It starts ``hearts serve`` on loopback (a free port, a fresh SQLite store in a temporary folder,
the server's default bot workers) and Debian's Chromium headless (``--chromium``), makes a
table in the lobby as a person does (its defaults: the lobby's default bots at their default
think, modern Hearts) and plays the person's seat at the page's ``--speed``: a card as soon as
the page offers one (the first playable), the first cards of a pass.

For every card of the person, the wait runs from the click to the page's next playable card in
the same hand, measured in the page (``performance.now()``: the click, and a MutationObserver
for the hand's playable cards). The page's own deliberate pauses in it (another seat's card
pace, the finished trick's hold and its gathering: ``window.__pace.pauses``, which static/pace.js
keeps) are reported apart from the rest of the wait (the bots thinking, the network, drawing).
A wait across the end of a hand (the deal between) is left out. Each taken trick's time on the
felt is measured as the page's test does: from its last card's coming to its first card's going.
It prints medians and 90th percentiles and whether the goals are met. A script, not a test:
nothing fails. It stops after ``--cards`` cards of the person or ``--limit`` seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]

WATCH = """
(() => {
  const bench = (window.__bench = { playable: [], tricks: [] });
  const since = new Map();
  let current = null;
  let could = false;
  const look = () => {
    const now = performance.now();
    const can = !document.getElementById("pass")
      && document.querySelectorAll("#hand button.card:not([aria-disabled='true'])").length > 0;
    if (can && !could) bench.playable.push(now);
    could = can;
    const box = document.getElementById("trick");
    if (!box) return;
    const cards = [...box.querySelectorAll("[data-card]")].map((p) => p.dataset.card);
    for (const card of [...since.keys()]) if (!cards.includes(card)) since.delete(card);
    for (const card of cards) if (!since.has(card)) since.set(card, now);
    if (current && !current.cards.every((c) => cards.includes(c))) {
      current.gone = now;
      bench.tricks.push(current);
      current = null;
    }
    if (!current && box.classList.contains("taken") && cards.length) {
      current = { cards, shown: Math.max(...cards.map((c) => since.get(c))), gone: null };
    }
  };
  new MutationObserver(look).observe(document,
    { subtree: true, childList: true, attributes: true, characterData: true });
})();
"""
"""The page's measure: when the hand gets a playable card (not a pass's), and each taken trick."""

CLICK = """() => {
  const card = document.querySelector("#hand button.card:not([aria-disabled='true'])");
  if (!card || document.getElementById("pass")) return null;
  const at = performance.now();
  card.click();
  return at;
}"""


PASS = """() => {
  const pass = document.getElementById("pass");
  const cards = [...document.querySelectorAll("#hand button.card:not([aria-disabled='true'])")];
  const count = pass ? Number(pass.dataset.count) : 0;
  if (!pass || cards.length < count) return false;
  for (const card of cards.slice(0, count)) card.click();
  document.getElementById("pass").click();
  return true;
}"""
"""A pass (or a discard) made at once: the first cards the page offers."""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def overlap(a: float, b: float, c: float, d: float) -> float:
    return max(0.0, min(b, d) - max(a, c))


def play(page: Page, base: str, bots: str | None, cards: int, limit: float) -> list[float]:
    """Make a table in the lobby (its default bots, or ``bots``) and play the person's seat;
    the click times of its cards."""
    page.goto(base + "/")
    page.locator("#name").fill("Bench")
    if bots:
        page.locator("#others").select_option(bots)
    bench = page.locator("#others").input_value()
    print(f"the lobby's other seats: {bench} bots", flush=True)
    page.locator("#create").click()
    page.wait_for_url("**/t/**")
    clicks: list[float] = []
    end = time.monotonic() + limit
    while len(clicks) < cards and time.monotonic() < end:
        if page.evaluate(PASS):
            page.wait_for_timeout(50)
            continue
        at = page.evaluate(CLICK)
        if at is None:
            page.wait_for_timeout(20)
            continue
        clicks.append(float(at))
        # (the hand shows the card gone, or the page refused it: then the next look plays again)
        page.wait_for_function(
            "n => document.querySelectorAll('#hand button.card:not([aria-disabled=\"true\"])')"
            ".length === 0 || window.__bench.playable.length > n",
            arg=len(page.evaluate("() => window.__bench.playable")),
            timeout=30_000,
        )
    return clicks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=26, help="the person's cards at most")
    parser.add_argument("--limit", type=float, default=240.0, help="seconds at most")
    parser.add_argument("--speed", default="normal", choices=["slow", "normal", "fast"])
    parser.add_argument("--bots", help="the lobby's other seats (default: the lobby's default)")
    parser.add_argument(
        "--chromium", default=os.environ.get("HEARTS_TEST_CHROMIUM", "/usr/bin/chromium")
    )
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'tables.db'}"
        server = subprocess.Popen(
            [sys.executable, "-m", "hearts", "serve", "--port", str(port), "--database-url", url],
            env=dict(os.environ, PYTHONPATH=str(ROOT / "src")),
            start_new_session=True,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise SystemExit("the server did not come up") from None
                    time.sleep(0.1)
            load = os.getloadavg()[0]
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=args.chromium, headless=True)
                version = browser.version
                context = browser.new_context(viewport={"width": 1366, "height": 768})
                settings = json.dumps({"speed": args.speed})
                context.add_init_script(f"localStorage.setItem('hearts:settings', {settings!r});")
                context.add_init_script(WATCH)
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                start = time.monotonic()
                clicks = play(page, base, args.bots, args.cards, args.limit)
                elapsed = time.monotonic() - start
                bench = page.evaluate("() => window.__bench")
                pauses = page.evaluate("() => window.__pace.pauses")
                idle = page.evaluate("() => window.__pace.idle")
                browser.close()
        finally:
            os.killpg(server.pid, signal.SIGINT)  # (as Ctrl+C: the server stops its workers)
            server.wait(timeout=30)
    report(args, clicks, bench, pauses, idle, errors, load, elapsed, version)


def report(
    args: argparse.Namespace,
    clicks: list[float],
    bench: dict[str, Any],
    pauses: list[dict[str, Any]],
    idle: list[dict[str, Any]],
    errors: list[str],
    load: float,
    elapsed: float,
    version: str,
) -> None:
    whole: list[float] = []
    deliberate: list[float] = []
    beyond: list[float] = []
    waiting: list[float] = []
    crossing = 0
    for click in clicks:
        after = [t for t in bench["playable"] if t > click]
        if not after:
            continue
        ready = after[0]
        if any(p["why"] == "deal" and click <= p["start"] <= ready for p in pauses):
            crossing += 1  # (the hand ended between: the next playable card is a new hand's)
            continue
        paused = sum(
            overlap(click, ready, p["start"], p["end"])
            for p in pauses
            if p["why"] in ("card", "hold", "gather")
        )
        whole.append((ready - click) / 1000)
        deliberate.append(paused / 1000)
        beyond.append((ready - click - paused) / 1000)
        waiting.append(sum(overlap(click, ready, i["start"], i["end"]) for i in idle) / 1000)
    shown = [(t["gone"] - t["shown"]) / 1000 for t in bench["tricks"] if t.get("gone")]
    cpu = (
        next(
            (
                line.split(":", 1)[1].strip()
                for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")
            ),
            platform.processor(),
        )
        if Path("/proc/cpuinfo").exists()
        else platform.processor()
    )
    print(
        f"machine: {platform.platform()}, {cpu}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}, Chromium {version}; load average {load:.2f} at the start, "
        f"{os.getloadavg()[0]:.2f} at the end"
    )
    print(
        f"speed {args.speed}: {len(clicks)} cards of the person in {elapsed:.0f} s, {len(whole)} "
        f"waits within a hand ({crossing} across a hand's end left out), {len(shown)} tricks "
        f"taken; page errors: {len(errors)}"
    )
    if not whole:
        return

    def line(name: str, values: list[float]) -> str:
        return (
            f"{name:<28} median {statistics.median(values):6.2f} s"
            f"   p90 {percentile(values, 0.9):6.2f} s"
            f"   min {min(values):6.2f} s   max {max(values):6.2f} s"
        )

    print(line("whole wait", whole))
    print(line("deliberate pauses", deliberate))
    print(line("beyond the pauses", beyond))
    print(line("  of it waiting for the server", waiting))
    print(
        line("  of it the page's own work", [b - w for b, w in zip(beyond, waiting, strict=True)])
    )
    if shown:
        print(line("a taken trick on the felt", shown))
    goals = [
        ("beyond the pauses: median <= 0.3 s", statistics.median(beyond) <= 0.3),
        ("beyond the pauses: p90 <= 1 s", percentile(beyond, 0.9) <= 1.0),
        ("whole wait: median <= 2.5 s (normal)", statistics.median(whole) <= 2.5),
        ("a taken trick stays >= 1 s (the shortest)", bool(shown) and min(shown) >= 1.0),
    ]
    for name, met in goals:
        print(f"goal {name}: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
