"""The lobby shows each measured level's rating beside its name (docs/ratings.md), for the form
chosen, and none for a form that was not measured."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from hearts.server import ratings

from .conftest import LiveServer


def test_the_lobby_shows_the_levels_ratings_of_a_measured_form_only(
    server: LiveServer, page: Page
) -> None:
    """LEVELS IN THE LOBBY: modern at four shows "hard bots (N)" with the fitted number; at
    three players (not measured) the names stand alone."""
    numbers = ratings.level_ratings("modern/4")
    assert numbers is not None
    page.goto(server.url + "/")
    page.locator("#variant").select_option("modern")
    hard = page.locator('#others option[value="hard"]')
    expect(hard).to_have_text(f"hard bots ({round(numbers['hard'])})")
    expect(page.locator('#others option[value="expert"]')).to_have_text("expert bots")
    page.locator("#players").select_option("3")
    expect(hard).to_have_text("hard bots")
